import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** `rabbitmqctl` by default; RABBITMQCTL overrides it (e.g. `docker exec <id> rabbitmqctl` in a CI container). */
function rabbitmqctl(args: readonly string[]): Promise<unknown> {
  const [command = 'rabbitmqctl', ...prefix] = (process.env.RABBITMQCTL ?? 'rabbitmqctl').split(' ').filter(Boolean);
  return execFileAsync(command, [...prefix, ...args]);
}

/** The broker tests run against: the local RabbitMQ, one vhost per test file. */
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export interface TestVhost {
  readonly name: string;
  /** amqp URL of this vhost. */
  readonly url: string;
  delete(): Promise<void>;
}

/** Builds the amqp URL of `vhost` on the broker of `base` (host, port, credentials kept). */
export function amqpUrlForVhost(base: string, vhost: string): string {
  const url = new URL(base);
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return url.toString();
}

/**
 * A fresh vhost with full rights for guest, so a test file's exchanges and queues are its own.
 * Uses rabbitmqctl: the broker runs on the test machine and tests run as root.
 */
export async function createTestVhost(): Promise<TestVhost> {
  const name = `regapi-test-${randomBytes(6).toString('hex')}`;
  await rabbitmqctl(['-q', 'add_vhost', name]);
  await rabbitmqctl(['-q', 'set_permissions', '-p', name, 'guest', '.*', '.*', '.*']);
  return {
    name,
    url: amqpUrlForVhost(TEST_AMQP_URL, name),
    delete: async () => {
      await rabbitmqctl(['-q', 'delete_vhost', name]);
    },
  };
}
