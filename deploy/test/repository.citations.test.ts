import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { citationProblems, citationTargets, KEPT_ANSWER_TEXTS } from './support/citations';

// Decision 0112: every citation in the repository is followed inside the clone. Reads files only; no services.

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|sh|json|yaml|yml)$/;
/**
 * Not read: third-party text kept byte for byte (vendored schemas, the lockfile), and this checker, whose examples
 * are the very citations it refuses.
 */
const NOT_READ =
  /^(?:deploy\/k8s-schemas\/|pnpm-lock\.yaml$|deploy\/test\/(?:repository\.citations\.test|support\/citations)\.ts$)/;

const targets = citationTargets(
  read('docs/contract.md'),
  read('docs/architecture.md'),
  readdirSync(path.join(ROOT, 'docs', 'decisions')),
);

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\0').filter((file) => TEXT_FILE.test(file) && !NOT_READ.test(file));
}

test('contract.md defines every section and numbered rule the citations use', () => {
  const sections = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6'];
  const rules = [
    ...['1', '5', '9'].flatMap((s) => [1, 2, 3, 4, 5, 6].map((n) => `${s}.${n}`)),
    '1.7',
    '5.7',
    ...Array.from({ length: 11 }, (_, i) => `7.${i + 1}`),
    ...[1, 2, 3].map((n) => `4 quote ${n}`),
    ...[1, 2, 3, 4, 5, 6, 7].map((n) => `4 execution ${n}`),
  ];
  expect([...sections, ...rules].filter((id) => !targets.contract.has(id))).toEqual([]);
  expect([...targets.architectureRules].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test('no tracked file cites a document outside the repository, or a contract section, rule or decision that is not', () => {
  const files = trackedTextFiles();
  expect(files.length).toBeGreaterThan(500);
  const problems = files.flatMap((file) => citationProblems(file, read(file), targets));
  expect(problems).toEqual([]);
});

test('each kept answer text is still there: an exception nobody needs is removed', () => {
  for (const { file, text } of KEPT_ANSWER_TEXTS) expect(read(file)).toContain(text);
});

test.each([
  ['// spec 7.3: the table', 'original spec'],
  ['/** Spec 2.4 names */', 'original spec'],
  ['see [the spec](../shared/spec/SPEC.md)', 'outside the repository'],
  ['(ARCHITECTURE decision 4)', 'design guide'],
  ['validated at the edge (STYLE 4)', 'style guide'],
  ['the cast ajv-formats needs (STACK.md)', 'library notes'],
  ['contract 7.12 says', 'contract 7.12 is not'],
  ['contract 2.7 says', 'contract 2.7 is not'],
  ['contract 7.5-7.13', 'contract 7.13 is not'],
  ['contract 4, execution rule 8', 'no execution rule 8'],
  ['contract 4 execution rules 1-9', 'no execution rule 9'],
  ['contract 4, quote rule 4', 'no quote rule 4'],
  ['contract 4, regras de execução 1 a 8', 'no execution rule 8'],
  ['architecture rule 11', 'architecture rule 11 is not'],
  ['architecture rules 3-11', 'architecture rule 11 is not'],
  ['architecture rules 6, 7 and 12', 'architecture rule 12 is not'],
  ['decision 0999', 'decision 0999 has no record'],
  ['docs/decisions/0009 says', 'decision 0009 has no record'],
])('a line with %j is refused', (line, problem) => {
  expect(citationProblems('x.ts', line, targets).join('\n')).toContain(problem);
});

test.each([
  'contract 7.3, contract 4, execution rules 1 to 3, contract 4 quote rule 3, contract 2.4-2.6',
  'architecture rules 6, 7 and 10; decision 0112; docs/decisions/0036-0039',
  'the PNG specification, section 11.2.2; spec.template.spec.containers; a DashboardSpec',
])('a line with %j is accepted', (line) => {
  expect(citationProblems('x.ts', line, targets)).toEqual([]);
});

test('a kept answer text is accepted in its own file only', () => {
  const kept = KEPT_ANSWER_TEXTS[0];
  expect(kept).toBeDefined();
  if (kept === undefined) return;
  expect(citationProblems(kept.file, `mensagem: \`${kept.text}\``, targets)).toEqual([]);
  expect(citationProblems('other.ts', `mensagem: \`${kept.text}\``, targets)).not.toEqual([]);
});
