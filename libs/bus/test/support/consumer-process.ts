import path from 'node:path';
import { type Spawned, spawnCaptured } from '@regapi/testkit';

export interface ConsumerEvent {
  readonly name: string;
  readonly at: number;
  readonly event: 'ready' | 'start' | 'end';
  readonly id?: string;
  readonly n?: number;
  readonly redelivered?: boolean;
}

const root = path.resolve(__dirname, '../../../..');
const fixture = path.resolve(__dirname, '../fixtures/consumer-process.ts');

/**
 * Starts `fixtures/consumer-process.ts` under tsx and waits until it consumes. A child that is not ready in time is
 * killed before the error is thrown: the caller never got it, so nothing else would stop it, and it would go on
 * consuming from the broker after the test (one was found running through the next suite's run).
 */
export async function startConsumerProcess(options: { url: string; queue: string; name: string }): Promise<Spawned> {
  const spawned = spawnCaptured(process.execPath, ['--import', 'tsx', fixture], {
    // From the workspace root, so tsx maps @regapi/* to sources through tsconfig.json's paths.
    cwd: root,
    env: { ...process.env, AMQP_URL: options.url, QUEUE: options.queue, NAME: options.name },
  });
  try {
    await spawned.waitForOutput(/"event":"ready"/, 15_000);
  } catch (error) {
    await spawned.stop('SIGKILL');
    throw error;
  }
  return spawned;
}

export function consumerEvents(spawned: Spawned): ConsumerEvent[] {
  return spawned
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ConsumerEvent);
}
