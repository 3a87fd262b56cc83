import { spawn } from 'node:child_process';
import path from 'node:path';

/** The built command (each CLI test builds the package first). */
export const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `regapi <args>` as a child process with only PATH and the given environment (REGAPI_URL, REGAPI_TOKEN, ...). */
export function runCli(args: readonly string[], env: Readonly<Record<string, string>>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
