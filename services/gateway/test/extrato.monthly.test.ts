import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileStorage, type DocumentStorage } from '@regapi/documents';
import { closeMonth, extratoMonthRange, nextMonth } from '@regapi/ledger';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { admin, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// GET /v1/extrato/mensal/{AAAA-MM} (issue 18; docs/decisions/0106): the caller's own closed month, PDF or CSV, the
// bytes stored at the close. The ledger stamps entries with the real time, so the month under test is the current
// one; the gateway's clock reads the first hour of the next month, when that month is over.

let database: TestDatabase;
let gateway: TestGateway;
let storage: DocumentStorage;
const folder = mkdtempSync(path.join(tmpdir(), 'regapi-statements-'));
let tokenA: string;
let tokenB: string;
let tokenC: string;
let month: string;
let stored: { csv: string; pdf: string };

function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
}

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createFileStorage(folder);
  await storage.ensureBucket();
  month = currentMonth();
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  const afterEnd = new Date(range.to.getTime() + 3_600_000);
  gateway = await startTestGateway(database, { documents: storage, clock: { now: () => afterEnd } });
  const accountA = await newAccount(gateway.adminUrl, 'Conta A', '150.00');
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountA}/credits`, { amount: '12.34' });
  const accountB = await newAccount(gateway.adminUrl, 'Conta B', '999.99');
  const accountC = await newAccount(gateway.adminUrl, 'Conta C', '1.00');
  tokenA = (await newToken(gateway.adminUrl, accountA)).token;
  tokenB = (await newToken(gateway.adminUrl, accountB)).token;
  tokenC = (await newToken(gateway.adminUrl, accountC)).token;
  const closed = await closeMonth(database.db, storage, { accountId: accountA, month, now: afterEnd });
  if (closed.kind !== 'closed') throw new Error(closed.kind);
  stored = { csv: closed.statement.csv_sha256, pdf: closed.statement.pdf_sha256 };
  // C's month is closed, but its documents never reached the store (an operator's restore pending).
  const lost = await closeMonth(
    database.db,
    { put: async () => undefined },
    { accountId: accountC, month, now: afterEnd },
  );
  if (lost.kind !== 'closed') throw new Error(lost.kind);
});

afterAll(async () => {
  await gateway.close();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

const monthly = (path: string, token: string | undefined, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/v1/extrato/mensal/${path}`, {
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });

const sha256 = async (response: Response) =>
  createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');

async function envelope(response: Response) {
  return (await response.json()) as { code: number; code_message: string; errors: { campo: string }[] };
}

test('the PDF by default: the bytes stored at the close, as an attachment', async () => {
  const response = await monthly(month, tokenA);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${month}.pdf"`);
  expect(response.headers.get('etag')).toBe(`"${stored.pdf}"`);
  expect(await sha256(response)).toBe(stored.pdf);
});

test('CSV with formato=csv or Accept: text/csv; formato wins over Accept', async () => {
  for (const [query, headers] of [
    ['?formato=csv', {}],
    ['', { accept: 'text/csv' }],
    ['?formato=csv', { accept: 'application/pdf' }],
  ] as const) {
    const response = await monthly(`${month}${query}`, tokenA, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(await sha256(response)).toBe(stored.csv);
  }
  const pdf = await monthly(`${month}?formato=pdf`, tokenA, { accept: 'text/csv' });
  expect(await sha256(pdf)).toBe(stored.pdf);
});

test("dialeto=pt-BR: the stored CSV's rows in the pt-BR dialect, written from the ledger, without an ETag", async () => {
  const standard = await (await monthly(`${month}?formato=csv`, tokenA)).text();
  const response = await monthly(`${month}?formato=csv&dialeto=pt-BR`, tokenA);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${month}-pt-BR.csv"`);
  expect(response.headers.get('etag')).toBeNull();
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // No cell of this month holds a comma, a semicolon or a quote: the dialects differ only in the separator and the
  // decimal mark of the amounts.
  const brazilian = bytes.subarray(3).toString('utf8');
  expect(brazilian.replaceAll(';', ',').replaceAll(/(-?[0-9]+),([0-9]{2})(?=,|\r\n)/g, '$1.$2')).toBe(standard);
  expect(brazilian).toMatch(/;recarga;12,34;162,34;/);
  const pdf = await monthly(`${month}?dialeto=pt-BR`, tokenA);
  expect(await sha256(pdf)).toBe(stored.pdf);
});

test("another account's month is not reachable: B asking the same month gets its own (not closed yet)", async () => {
  const response = await monthly(month, tokenB);
  expect(response.status).toBe(409);
  expect((await envelope(response)).code_message).toMatch(/fechamento ainda não foi feito/);
});

test('a malformed month, an unknown formato or a month not begun: 422 naming the field', async () => {
  for (const [asked, campo] of [
    ['2026-13', 'mes'],
    ['26-01', 'mes'],
    ['1999-12', 'mes'],
    [`${nextMonth(nextMonth(month))}`, 'mes'],
    [`${month}?formato=xml`, 'formato'],
    [`${month}?formato=csv&formato=pdf`, 'formato'],
    [`${month}?formato=csv&dialeto=excel`, 'dialeto'],
  ] as const) {
    const response = await monthly(asked, tokenA);
    expect(response.status).toBe(422);
    const body = await envelope(response);
    expect(body.code).toBe(422);
    expect(body.errors.map((error) => error.campo)).toEqual([campo]);
  }
});

test('the month in progress: 409; a month before the account existed: 404', async () => {
  const current = await monthly(nextMonth(month), tokenA);
  expect(current.status).toBe(409);
  expect((await envelope(current)).code_message).toMatch(/ainda não terminou/);
  const before = await monthly('2001-01', tokenA);
  expect(before.status).toBe(404);
});

test('a closed month whose document is missing from the store: 503 with Retry-After', async () => {
  const response = await monthly(month, tokenC);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).not.toBeNull();
});

test('without a token: 401', async () => {
  expect((await monthly(month, undefined)).status).toBe(401);
});
