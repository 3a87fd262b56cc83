import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** The simulator as its own process (issue 3, "starts alone"): main.ts reads SIM_* and serves until SIGTERM. */
describe('main: the simulator as a standalone process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('listens on SIM_PORT with SIM_SEED and SIM_TIME_SCALE, serves the control samples and stops on SIGTERM', async () => {
    child = spawn(TSX, [path.join(ROOT, 'services', 'origin-simulator', 'src', 'main.ts')], {
      env: { ...process.env, SIM_PORT: '0', SIM_SEED: '4', SIM_TIME_SCALE: '0.01', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      running.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"url":"([^"]+)"/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      running.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      running.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const health = (await (await fetch(`${url}/healthz`)).json()) as { seed: number; time_scale: number };
    expect(health).toEqual({ status: 'ok', seed: 4, time_scale: 0.01 });
    const samples = (await (await fetch(`${url}/control/samples`)).json()) as { owners: unknown[] };
    expect(samples.owners.length).toBeGreaterThanOrEqual(10);
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
