import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileStorage, type DocumentStorage } from '@regapi/documents';
import { extratoMonthRange, nextMonth } from '@regapi/ledger';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { admin, newAccount, startTestGateway, type TestGateway } from './support/test-gateway';

// `pnpm ops finance close-month|statements|statement-csv` (issue 18; docs/decisions/0105, 0107): the month's close for
// every account through the admin API, idempotent, and its exports as JSON. The ledger stamps entries with the real
// time: the month under test is the current one, and the gateway's clock reads the next month.

let database: TestDatabase;
let gateway: TestGateway;
let storage: DocumentStorage;
const folder = mkdtempSync(path.join(tmpdir(), 'regapi-close-'));
let month: string;
let accountA: string;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createFileStorage(folder);
  await storage.ensureBucket();
  month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  const afterEnd = new Date(range.to.getTime() + 3_600_000);
  gateway = await startTestGateway(database, { documents: storage, clock: { now: () => afterEnd } });
  accountA = await newAccount(gateway.adminUrl, 'Conta A', '150.00');
  await newAccount(gateway.adminUrl, 'Conta B');
});

afterAll(async () => {
  await gateway.close();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

const ask = (method: string, path: string) => admin(gateway.adminUrl, method, path);

test('close-month closes every account once; a second close changes nothing', async () => {
  const first = await ask('POST', `/admin/v1/finance/statements/${month}/close`);
  expect(first.status).toBe(200);
  expect(first.body.data[0]).toEqual({ month, closed: 2, already_closed: 0 });
  const listed = await ask('GET', `/admin/v1/finance/statements/${month}`);
  const before = listed.body.data[0]?.statements;
  const second = await ask('POST', `/admin/v1/finance/statements/${month}/close`);
  expect(second.body.data[0]).toEqual({ month, closed: 0, already_closed: 2 });
  expect((await ask('GET', `/admin/v1/finance/statements/${month}`)).body.data[0]?.statements).toEqual(before);
  expect(listed.body.data[0]?.count).toBe(2);
  expect(before).toContainEqual(
    expect.objectContaining({ account_id: accountA, opening: '0.00', credits: '150.00', closing: '150.00', lines: 1 }),
  );
});

test('statement-csv answers the stored CSV text with its SHA-256', async () => {
  await ask('POST', `/admin/v1/finance/statements/${month}/close`);
  const answer = await ask('GET', `/admin/v1/finance/statements/${month}/accounts/${accountA}/csv`);
  expect(answer.status).toBe(200);
  const item = answer.body.data[0] ?? {};
  expect(String(item.csv)).toMatch(/^data_hora,lancamento_id,tipo,valor,saldo_apos,/);
  expect(String(item.csv)).toContain(',saldo_final,0.00,150.00,');
  expect(createHash('sha256').update(String(item.csv)).digest('hex')).toBe(item.csv_sha256);
});

test('a month not over: 409, nothing closed; a bad month: 422; no statement: 404', async () => {
  const open = await ask('POST', `/admin/v1/finance/statements/${nextMonth(month)}/close`);
  expect(open.status).toBe(409);
  expect((await ask('GET', `/admin/v1/finance/statements/${nextMonth(month)}`)).body.data[0]?.count).toBe(0);
  expect((await ask('POST', '/admin/v1/finance/statements/2026-13/close')).status).toBe(422);
  expect(
    (await ask('GET', '/admin/v1/finance/statements/2001-01/accounts/00000000-0000-4000-8000-000000000000/csv')).status,
  ).toBe(404);
});
