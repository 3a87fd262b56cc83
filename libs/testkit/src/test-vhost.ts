import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

// Why HTTP first: every rabbitmqctl call boots an Erlang VM, and each test file that uses the broker made three
// (add_vhost, set_permissions, delete_vhost), on the same two cores as the tests. Measured on this host under a load of
// about 6 (bench/test-vhost-cycles.mjs, 20 create+delete cycles): rabbitmqctl 132 s and 96 s of CPU (89 s of it the
// rabbitmqctl VMs, about 1.5 s each); the management API 3.9 s and 2.5 s of CPU. rabbitmqctl stays the fallback where
// the management plugin is absent (its port refuses connections).

const execFileAsync = promisify(execFile);

/** `rabbitmqctl` by default; RABBITMQCTL overrides it (e.g. `docker exec <id> rabbitmqctl` in a CI container). */
async function rabbitmqctl(args: readonly string[]): Promise<string> {
  const [command = 'rabbitmqctl', ...prefix] = (process.env.RABBITMQCTL ?? 'rabbitmqctl').split(' ').filter(Boolean);
  return (await execFileAsync(command, [...prefix, ...args])).stdout;
}

/** The broker tests run against: the local RabbitMQ, one vhost per test file. */
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** The management plugin's default port. */
const MANAGEMENT_PORT = 15672;
/** A management request that has not answered by then is an error (not a fallback): the broker is there but stuck. */
const MANAGEMENT_TIMEOUT_MS = 60_000;

/** Read at each call, so a test can point it elsewhere: RABBITMQ_MANAGEMENT_URL, else the AMQP host on 15672. */
function managementUrl(): URL {
  const amqp = new URL(TEST_AMQP_URL);
  return new URL(process.env.RABBITMQ_MANAGEMENT_URL ?? `http://${amqp.hostname}:${MANAGEMENT_PORT}`);
}

/** Basic auth of the management URL's own credentials if it has any, else the AMQP URL's (guest/guest). */
function authorization(management: URL): string {
  const amqp = new URL(TEST_AMQP_URL);
  const from = management.username === '' ? amqp : management;
  const user = decodeURIComponent(from.username) || 'guest';
  const password = decodeURIComponent(from.password) || 'guest';
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The management API is not there at all (no plugin, no broker on that port): the caller falls back to rabbitmqctl. */
class ManagementUnavailable extends Error {}

function isConnectionRefused(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if ((current as { code?: unknown }).code === 'ECONNREFUSED') return true;
    queue.push((current as { cause?: unknown }).cause);
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/**
 * One management API call (`path` already URL-encoded); the answer's body as text. A non-2xx answer is an error with
 * its status and body; a refused connection is ManagementUnavailable.
 */
async function management(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<string> {
  const base = managementUrl();
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/api/${path}`, base.origin);
  let answer: Response;
  try {
    answer = await fetch(url, {
      method,
      headers: {
        authorization: authorization(base),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(MANAGEMENT_TIMEOUT_MS),
    });
  } catch (error) {
    if (isConnectionRefused(error)) throw new ManagementUnavailable(`${url.origin} refused the connection`);
    const cause = error instanceof Error && error.cause !== undefined ? ` (${String(error.cause)})` : '';
    throw new Error(`RabbitMQ management ${method} ${url.pathname}: ${String(error)}${cause}`, { cause: error });
  }
  const text = await answer.text();
  if (!answer.ok) {
    throw new Error(`RabbitMQ management ${method} ${url.pathname} answered ${answer.status}: ${text.slice(0, 500)}`);
  }
  return text;
}

/** `viaHttp` through the management API; `viaCli` only when its port refuses connections. */
async function withFallback<T>(viaHttp: () => Promise<T>, viaCli: () => Promise<T>): Promise<T> {
  try {
    return await viaHttp();
  } catch (error) {
    if (error instanceof ManagementUnavailable) return viaCli();
    throw error;
  }
}

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

/** Full rights on a test vhost for the AMQP URL's user (guest). */
function testUser(): string {
  return decodeURIComponent(new URL(TEST_AMQP_URL).username) || 'guest';
}

/**
 * A fresh vhost with full rights for guest, so a test file's exchanges and queues are its own; `delete()` removes it
 * with everything in it. Through the management API, or rabbitmqctl where that is absent (the broker runs on the test
 * machine and tests run as root).
 */
export async function createTestVhost(): Promise<TestVhost> {
  const name = `regapi-test-${randomBytes(6).toString('hex')}`;
  const vhost = encodeURIComponent(name);
  const user = testUser();
  await withFallback(
    async () => {
      await management('PUT', `vhosts/${vhost}`, {});
      await management('PUT', `permissions/${vhost}/${encodeURIComponent(user)}`, {
        configure: '.*',
        write: '.*',
        read: '.*',
      });
    },
    async () => {
      await rabbitmqctl(['-q', 'add_vhost', name]);
      await rabbitmqctl(['-q', 'set_permissions', '-p', name, user, '.*', '.*', '.*']);
    },
  );
  return {
    name,
    url: amqpUrlForVhost(TEST_AMQP_URL, name),
    delete: async () => {
      await withFallback(
        async () => {
          await management('DELETE', `vhosts/${vhost}`);
        },
        async () => {
          await rabbitmqctl(['-q', 'delete_vhost', name]);
        },
      );
    },
  };
}

export interface ListedQueue {
  readonly name: string;
  /** `quorum`, `classic`, `stream`. */
  readonly type: string;
  /** The queue's declared arguments (`x-queue-type`, `x-delivery-limit`…) by name. */
  readonly arguments: Record<string, unknown>;
}

/** The queues of a vhost with their type and arguments, as the broker holds them (management API, else rabbitmqctl). */
export async function listVhostQueues(vhostName: string): Promise<ListedQueue[]> {
  return withFallback(
    async () => {
      const rows = JSON.parse(
        await management('GET', `queues/${encodeURIComponent(vhostName)}?columns=name,type,arguments`),
      ) as Array<{ name: string; type: string; arguments?: Record<string, unknown> }>;
      return rows.map((row) => ({ name: row.name, type: row.type, arguments: { ...row.arguments } }));
    },
    async () => {
      const rows = JSON.parse(
        await rabbitmqctl(['-q', 'list_queues', '-p', vhostName, 'name', 'type', 'arguments', '--formatter', 'json']),
      ) as Array<{ name: string; type: string; arguments: Array<[string, string, unknown]> }>;
      return rows.map((row) => ({
        name: row.name,
        type: row.type,
        arguments: Object.fromEntries(row.arguments.map(([key, , value]) => [key, value])),
      }));
    },
  );
}
