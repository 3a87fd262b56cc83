import { execFile, execFileSync } from 'node:child_process';

/** `ip` from iproute2 (scripts/test-all.sh installs it); the harness drives namespaces and links through it only. */
export const IP_BINARY = 'ip';

/** An `ip` command that failed, with what it printed: "File exists" tells a taken name from a real failure. */
export class IpCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(`ip ${args.join(' ')} failed: ${stderr.trim()}`);
    this.name = 'IpCommandError';
  }

  get alreadyExists(): boolean {
    return /File exists/i.test(this.stderr);
  }
}

/** Runs `ip …args` and resolves with its stdout. */
export function ip(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(IP_BINARY, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new IpCommandError(args, stderr === '' ? error.message : stderr));
    });
  });
}

/**
 * Runs several `ip` commands in one process (`ip -batch -`), in `namespace` if given, stopping at the first that
 * fails. One process instead of one per command: on a loaded 2-core machine each `ip` start has taken 50-200 ms.
 * Arguments must not contain spaces (batch lines are split on them).
 */
export function ipBatch(commands: readonly (readonly string[])[], namespace?: string): Promise<string> {
  const args = [...(namespace === undefined ? [] : ['-n', namespace]), '-batch', '-'];
  const lines = commands.map((command) => command.join(' '));
  return new Promise((resolve, reject) => {
    const child = execFile(IP_BINARY, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new IpCommandError([...args, '<<', ...lines], stderr === '' ? error.message : stderr));
    });
    child.stdin?.end(`${lines.join('\n')}\n`);
  });
}

/** The synchronous form, for a process's `exit` handler (no promise runs there); errors are the caller's to ignore. */
export function ipSync(args: readonly string[]): string {
  return execFileSync(IP_BINARY, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs `ip …args`, ignoring a failure: for teardown, where "already gone" is the expected outcome. */
export async function ipQuiet(args: readonly string[]): Promise<void> {
  await ip(args).catch(() => undefined);
}
