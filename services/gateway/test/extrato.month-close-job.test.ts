import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileStorage, type DocumentStorage } from '@regapi/documents';
import { createAccount, extratoMonthRange } from '@regapi/ledger';
import { silentLogger } from '@regapi/telemetry';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { closeDueMonth, monthDueForClose, startMonthCloseJob } from '../src/extrato/month-close-job';

// The scheduled close of the month (issue 18; docs/decisions/0107): once a month has ended in Brasília (plus the
// grace), every account's statement of it is closed, once. The ledger's real time puts the accounts in the current
// month, so the clock below reads the next one.

let database: TestDatabase;
let storage: DocumentStorage;
const folder = mkdtempSync(path.join(tmpdir(), 'regapi-close-job-'));
let month: string;
let monthEnd: Date;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createFileStorage(folder);
  await storage.ensureBucket();
  month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  monthEnd = range.to;
  await createAccount(database.db, { name: 'Conta A' });
  await createAccount(database.db, { name: 'Conta B' });
});

afterAll(async () => {
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

const at = (date: Date) => ({ now: () => date });
const deps = (date: Date) => ({ db: database.db, clock: at(date), documents: storage, logger: silentLogger() });
const closedRows = () =>
  database.db.selectFrom('monthly_statement').select('account_id').where('month', '=', month).execute();

test('the due month is the one before the month of now − grace, in Brasília time', () => {
  // 2026-11-01 00:30 in Brasília (03:30 UTC) is within the hour of grace: October is not due yet, September is.
  expect(monthDueForClose(new Date('2026-11-01T03:30:00Z'))).toBe('2026-09');
  expect(monthDueForClose(new Date('2026-11-01T04:00:00Z'))).toBe('2026-10');
  // 2026-11-01 02:00 UTC is still 31 October in Brasília.
  expect(monthDueForClose(new Date('2026-11-01T02:00:00Z'), 0)).toBe('2026-09');
  expect(monthDueForClose(new Date('2027-01-01T03:00:00Z'), 0)).toBe('2026-12');
});

test('within the grace nothing is closed; after it every account once; the next pass finds nothing to do', async () => {
  expect(await closeDueMonth(deps(new Date(monthEnd.getTime() + 30 * 60_000)))).toBeUndefined();
  expect(await closedRows()).toHaveLength(0);
  const after = new Date(monthEnd.getTime() + 2 * 3_600_000);
  const accounts = (await database.db.selectFrom('account').select('id').execute()).length;
  expect(await closeDueMonth(deps(after))).toEqual({ month, closed: accounts, alreadyClosed: 0 });
  expect(await closedRows()).toHaveLength(accounts);
  expect(await closeDueMonth(deps(after))).toBeUndefined();
});

test('the job runs a pass at start; stop waits for it', async () => {
  await createAccount(database.db, { name: 'Conta C' });
  const job = startMonthCloseJob({ ...deps(new Date(monthEnd.getTime() + 2 * 3_600_000)), everyMs: 3_600_000 });
  await job.stop();
  const accounts = (await database.db.selectFrom('account').select('id').execute()).length;
  expect(await closedRows()).toHaveLength(accounts);
});
