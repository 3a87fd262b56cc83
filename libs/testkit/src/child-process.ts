import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

export interface Spawned {
  readonly child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, or rejects after `timeoutMs` / on early exit. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  /**
   * Sends `signal` and resolves with how it exited and how long it took. A process spawned `detached` leads its own
   * process group: SIGKILL goes to the whole group, so what it started dies with it instead of living on as orphans
   * (a runner killed by a failed file's teardown left its services running, and loading, the rest of the suite).
   */
  stop(signal?: NodeJS.Signals): Promise<{ exit: number | string; ms: number }>;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** Spawns a process for a test, capturing its output so a failing test can show it. */
export function spawnCaptured(command: string, args: readonly string[], options: SpawnOptions = {}): Spawned {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      for (const listener of listeners) listener();
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return {
    child,
    output: () => text,
    exited,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = text.match(pattern);
          if (match !== null) {
            done();
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            done();
            reject(new Error(`process exited before printing ${pattern}:\n${text}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      }),
    stop: async (signal = 'SIGTERM') => {
      const started = Date.now();
      if (signal === 'SIGKILL' && options.detached === true) killGroup(child.pid);
      else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const exit = await exited;
      return { exit, ms: Date.now() - started };
    },
  };
}
