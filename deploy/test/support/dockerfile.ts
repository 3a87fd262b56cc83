import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build-once';

export interface DockerInstruction {
  /** Upper case: FROM, RUN, ENV... */
  readonly keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  readonly args: string;
}

export interface DockerStage {
  /** The image reference as written after FROM, with `${ARG}`s before the first FROM substituted. */
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: readonly DockerInstruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  readonly globalArgs: Readonly<Record<string, string>>;
  readonly stages: readonly DockerStage[];
}

/** The lines of a Dockerfile as instructions: comments and blank lines dropped, `\` continuations joined. */
function instructionsOf(text: string): DockerInstruction[] {
  const instructions: DockerInstruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const continued = line.endsWith('\\');
    pending += `${pending === '' ? '' : ' '}${continued ? line.slice(0, -1).trim() : line}`;
    if (continued) continue;
    const [keyword = '', ...rest] = pending.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' ') });
    pending = '';
  }
  return instructions;
}

/**
 * The repository's Dockerfile read into stages: enough for the policy checks and for running a command as the final
 * stage would (its ENV, WORKDIR, USER, ENTRYPOINT, CMD). Not a general parser: no quoting in ENV values, no heredocs.
 */
export function readDockerfile(file = path.join(ROOT, 'Dockerfile')): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: { from: string; name: string | undefined; instructions: DockerInstruction[] }[] = [];
  for (const instruction of instructionsOf(readFileSync(file, 'utf8'))) {
    const stage = stages.at(-1);
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(' ');
      const from = image.replace(/\$\{(\w+)\}/g, (_, arg: string) => globalArgs[arg] ?? '');
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stage === undefined && instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      globalArgs[name] = value;
    } else if (stage !== undefined) {
      stage.instructions.push(instruction);
    } else {
      throw new Error(`Dockerfile: ${instruction.keyword} before the first FROM`);
    }
  }
  return { globalArgs, stages };
}

/** The stage the image is: the last one. */
export function finalStage(dockerfile: Dockerfile): DockerStage {
  const stage = dockerfile.stages.at(-1);
  if (stage === undefined) throw new Error('Dockerfile: no FROM');
  return stage;
}

/** The arguments of the stage's instructions with this keyword, in order. */
export function argsOf(stage: DockerStage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);
}

/** The variables the stage's ENV instructions set (`KEY=value` pairs, unquoted). */
export function envOf(stage: DockerStage): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at <= 0 || /["']/.test(pair)) throw new Error(`Dockerfile: ENV ${args}: only unquoted KEY=value pairs`);
      variables[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return variables;
}

/** An exec-form (JSON array) ENTRYPOINT or CMD, the last one of the stage; undefined when absent or in shell form. */
export function execFormOf(stage: DockerStage, keyword: 'ENTRYPOINT' | 'CMD'): string[] | undefined {
  const last = argsOf(stage, keyword).at(-1);
  if (last === undefined || !last.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(last);
  return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? parsed : undefined;
}
