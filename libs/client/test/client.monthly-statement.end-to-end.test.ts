import { createHash } from 'node:crypto';
import { extratoMonthRange, nextMonth } from '@regapi/ledger';
import { startSystem, type TestSystem } from '../../../deploy/test/support/system';
import { RegapiClient, RetryLaterError, ValidationError } from '../src';

// A closed monthly statement through the SDK (extratoMensal), against the real system. The ledger stamps
// the account's credit with the real time, so the month under test is the current one, and the system's clock runs
// an hour past its end: the operator's close (the admin API) then closes it.

jest.setTimeout(180_000);

let system: TestSystem;
let client: RegapiClient;
let token: string;
let month: string;

beforeAll(async () => {
  month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  const offsetMs = range.to.getTime() + 3_600_000 - Date.now();
  system = await startSystem({ clock: { now: () => new Date(Date.now() + offsetMs) } });
  ({ token } = await system.customer('250.00'));
  const closed = await system.admin('POST', `/admin/v1/finance/statements/${month}/close`);
  if (closed.status !== 200) throw new Error(`close: ${closed.status} ${JSON.stringify(closed.body)}`);
  client = new RegapiClient({ baseUrl: system.url, token });
});

afterAll(async () => {
  await system?.close();
});

test('the SDK downloads the closed month as CSV and as PDF, checked against the ETag', async () => {
  const csv = await client.extratoMensal(month, { formato: 'csv' });
  expect(csv.filename).toBe(`extrato-${month}.csv`);
  expect(csv.sha256).toBe(createHash('sha256').update(csv.bytes).digest('hex'));
  const text = csv.bytes.toString('utf8');
  expect(text).toMatch(/saldo_inicial/);
  expect(text).toMatch(/250\.00/);
  const pdf = await client.extratoMensal(month);
  expect(pdf.filename).toBe(`extrato-${month}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('the month in progress is a RetryLaterError at once (409, not retried); a malformed month a ValidationError', async () => {
  const retries: unknown[] = [];
  const watched = new RegapiClient({ baseUrl: system.url, token, onRetry: (event) => retries.push(event) });
  const running = nextMonth(month);
  await expect(watched.extratoMensal(running)).rejects.toMatchObject({
    constructor: RetryLaterError,
    status: 409,
  });
  expect(retries).toEqual([]);
  await expect(client.extratoMensal('2026-13')).rejects.toBeInstanceOf(ValidationError);
});
