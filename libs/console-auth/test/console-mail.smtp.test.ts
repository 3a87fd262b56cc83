import type { AddressInfo } from 'node:net';
import { ManualClock } from '@regapi/calendar';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { SMTPServer } from 'smtp-server';
import { queueMail, sendDueMail, smtpTransport } from '../src';

// Issue 15 / docs/decisions/0082: the console's outbox goes out through a real SMTP server (smtp-server on a TCP
// port, nodemailer as the client); a refusal is retried later with a longer wait, and nothing is marked sent unless
// the server took it.

interface Received {
  readonly to: string[];
  readonly data: string;
}

let database: TestDatabase;
let server: SMTPServer;
let url: string;
const received: Received[] = [];
let refuse = false;
let accountId: string;
const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));

beforeAll(async () => {
  database = await createTestDatabase();
  accountId = (
    await database.db.insertInto('account').values({ name: 'Conta' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'console' && auth.password === 'segredo') callback(null, { user: 'console' });
      else callback(new Error('bad credentials'));
    },
    onRcptTo(_address, _session, callback) {
      if (refuse) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  url = `smtp://console:segredo@127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.drop();
});

const now = () => clock.now();

test('due messages are handed to the SMTP server and marked sent; nothing is sent twice', async () => {
  const transport = smtpTransport({ url, from: 'Console regapi <nao-responda@exemplo.test>' });
  const link = 'https://console.exemplo.test/convite/abc';
  await queueMail(
    database.db,
    { accountId, recipient: 'a@exemplo.test', subject: 'Convite', body: `Abra ${link}` },
    now(),
  );
  await queueMail(database.db, { accountId, recipient: 'b@exemplo.test', subject: 'Nova senha', body: 'Texto' }, now());
  expect(await sendDueMail(database.db, now, transport)).toEqual({ sent: 2, failed: 0 });
  expect(received.map((mail) => mail.to)).toEqual([['a@exemplo.test'], ['b@exemplo.test']]);
  expect(received[0]?.data).toContain(link);
  expect(received[0]?.data).toMatch(/^Subject: Convite/m);
  expect(received[0]?.data).toMatch(/^From: Console regapi <nao-responda@exemplo.test>/m);
  const rows = await database.db.selectFrom('console_mail').select(['sent_at', 'attempts']).execute();
  expect(rows).toEqual([
    { sent_at: clock.now(), attempts: 1 },
    { sent_at: clock.now(), attempts: 1 },
  ]);
  expect(await sendDueMail(database.db, now, transport)).toEqual({ sent: 0, failed: 0 });
  expect(received).toHaveLength(2);
  transport.close();
});

test('a refusal is kept with its error and retried after a growing wait; then sent', async () => {
  received.length = 0;
  refuse = true;
  const transport = smtpTransport({ url, from: 'nao-responda@exemplo.test' });
  const id = await queueMail(database.db, { accountId, recipient: 'c@exemplo.test', subject: 'S', body: 'B' }, now());
  const retry = { firstDelayMs: 10_000, maxDelayMs: 60_000 };
  expect(await sendDueMail(database.db, now, transport, { retry })).toEqual({ sent: 0, failed: 1 });
  const row = async () =>
    database.db
      .selectFrom('console_mail')
      .select(['sent_at', 'attempts', 'last_error', 'next_attempt_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  expect(await row()).toEqual(
    expect.objectContaining({ sent_at: null, attempts: 1, next_attempt_at: new Date(clock.now().getTime() + 10_000) }),
  );
  expect((await row()).last_error).toContain('mailbox unavailable');
  // Not due yet: nothing is tried.
  expect(await sendDueMail(database.db, now, transport, { retry })).toEqual({ sent: 0, failed: 0 });
  clock.advance(10_000);
  expect(await sendDueMail(database.db, now, transport, { retry })).toEqual({ sent: 0, failed: 1 });
  expect((await row()).next_attempt_at).toEqual(new Date(clock.now().getTime() + 20_000));
  refuse = false;
  clock.advance(20_000);
  expect(await sendDueMail(database.db, now, transport, { retry })).toEqual({ sent: 1, failed: 0 });
  expect(await row()).toEqual(expect.objectContaining({ sent_at: clock.now(), attempts: 3, last_error: null }));
  expect(received.map((mail) => mail.to)).toEqual([['c@exemplo.test']]);
  transport.close();
});

test('wrong SMTP credentials: the message stays unsent with the error (no fake success)', async () => {
  const port = new URL(url).port;
  const transport = smtpTransport({ url: `smtp://console:errada@127.0.0.1:${port}`, from: 'x@exemplo.test' });
  const id = await queueMail(database.db, { accountId, recipient: 'd@exemplo.test', subject: 'S', body: 'B' }, now());
  expect(await sendDueMail(database.db, now, transport)).toEqual({ sent: 0, failed: 1 });
  transport.close();
  const row = await database.db
    .selectFrom('console_mail')
    .select(['sent_at', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.sent_at).toBeNull();
  expect(row.last_error).toMatch(/Invalid login: 535/);
});
