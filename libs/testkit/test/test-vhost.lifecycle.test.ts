import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { createTestVhost, freePort, listVhostQueues, TEST_AMQP_URL, type TestVhost } from '../src';

// A test file's vhost: fresh, with full rights for guest (configure, write, read), gone after delete() — through the
// management API where it answers, and through rabbitmqctl where its port refuses connections (no plugin).

const saved = { management: process.env.RABBITMQ_MANAGEMENT_URL, rabbitmqctl: process.env.RABBITMQCTL };
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'regapi-test-vhost-'));
});

afterEach(() => {
  for (const [name, value] of [
    ['RABBITMQ_MANAGEMENT_URL', saved.management],
    ['RABBITMQCTL', saved.rabbitmqctl],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Declares a queue, publishes to it and reads the message back: the three rights at once. */
async function useVhost(vhost: TestVhost): Promise<void> {
  const connection = await amqp.connect(vhost.url);
  try {
    const channel = await connection.createChannel();
    const { queue } = await channel.assertQueue('lifecycle.probe', { durable: false });
    channel.sendToQueue(queue, Buffer.from('probe'));
    let got: amqp.GetMessage | false = false;
    for (let attempt = 0; attempt < 50 && got === false; attempt++) {
      got = await channel.get(queue, { noAck: true });
      if (got === false) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(got === false ? undefined : got.content.toString()).toBe('probe');
    expect((await listVhostQueues(vhost.name)).map((listed) => listed.name)).toEqual(['lifecycle.probe']);
  } finally {
    await connection.close();
  }
}

/** A deleted vhost refuses connections (the broker closes them: vhost not found). */
async function expectGone(vhost: TestVhost): Promise<void> {
  const attempt = amqp.connect(vhost.url).then((connection) => connection.close());
  await expect(attempt).rejects.toThrow();
}

let standIns = 0;

/** A stand-in rabbitmqctl that writes its arguments down, then runs the real one; `calls()`: the commands it ran. */
async function recordingRabbitmqctl(): Promise<{ command: string; calls(): Promise<string[]> }> {
  standIns += 1;
  const log = path.join(scratch, `rabbitmqctl-${standIns}.calls`);
  const command = path.join(scratch, `rabbitmqctl-${standIns}`);
  const real = saved.rabbitmqctl ?? 'rabbitmqctl';
  await writeFile(command, `#!/bin/sh\necho "$*" >> '${log}'\nexec ${real} "$@"\n`);
  await chmod(command, 0o755);
  return {
    command,
    calls: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ').find((word) => !word.startsWith('-')) ?? line),
  };
}

/** GET on the management API with the AMQP URL's credentials: status and parsed body. */
async function managementGet(apiPath: string): Promise<{ status: number; body: unknown }> {
  const amqpUrl = new URL(TEST_AMQP_URL);
  const base = process.env.RABBITMQ_MANAGEMENT_URL ?? `http://${amqpUrl.hostname}:15672`;
  const user = decodeURIComponent(amqpUrl.username) || 'guest';
  const password = decodeURIComponent(amqpUrl.password) || 'guest';
  const answer = await fetch(`${base.replace(/\/$/, '')}/api/${apiPath}`, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  return { status: answer.status, body: await answer.json().catch(() => undefined) };
}

test('through the management API: a fresh vhost guest can use, gone after delete, rabbitmqctl never run', async () => {
  const cli = await recordingRabbitmqctl();
  process.env.RABBITMQCTL = cli.command;
  const vhost = await createTestVhost();
  try {
    expect(await managementGet(`vhosts/${encodeURIComponent(vhost.name)}`)).toMatchObject({ status: 200 });
    expect(await managementGet(`permissions/${encodeURIComponent(vhost.name)}/guest`)).toMatchObject({
      status: 200,
      body: { user: 'guest', configure: '.*', write: '.*', read: '.*' },
    });
    await useVhost(vhost);
  } finally {
    await vhost.delete();
  }
  expect((await managementGet(`vhosts/${encodeURIComponent(vhost.name)}`)).status).toBe(404);
  await expectGone(vhost);
  expect(await cli.calls()).toEqual([]);
});

test('management port refusing connections: the same through rabbitmqctl', async () => {
  const cli = await recordingRabbitmqctl();
  process.env.RABBITMQCTL = cli.command;
  process.env.RABBITMQ_MANAGEMENT_URL = `http://127.0.0.1:${await freePort()}`;
  const vhost = await createTestVhost();
  try {
    await useVhost(vhost);
  } finally {
    await vhost.delete();
  }
  await expectGone(vhost);
  expect(await cli.calls()).toEqual(['add_vhost', 'set_permissions', 'list_queues', 'delete_vhost']);
});

test('a management answer that is not 2xx is an error with its status and body, not a fallback', async () => {
  const cli = await recordingRabbitmqctl();
  process.env.RABBITMQCTL = cli.command;
  const credentials = new URL(TEST_AMQP_URL);
  credentials.password = 'not-the-password';
  const base = new URL(process.env.RABBITMQ_MANAGEMENT_URL ?? `http://${credentials.hostname}:15672`);
  base.username = credentials.username || 'guest';
  base.password = 'not-the-password';
  process.env.RABBITMQ_MANAGEMENT_URL = base.toString();
  await expect(createTestVhost()).rejects.toThrow(/PUT \/api\/vhosts\/regapi-test-[0-9a-f]+ answered 401: .+/);
  expect(await cli.calls()).toEqual([]);
});
