import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { createFairSchedulePublisher, TYPICAL_RUN_MS } from '@regapi/orders';
import { sql } from 'kysely';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The acceptance's consultar_daqui_s from origin-session's published fair schedule (decision 0089): behind another
// account's 1,000 queued searches, a newcomer's search is told one round, not the 20 hours FIFO would say.

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const T0 = new Date('2026-03-11T13:00:00.000Z');
const SEARCH_RUN_S = 72;

const clock = new ManualClock(T0);
const { database, gateway } = useTestGateway({ clock, hourlySearchCeiling: 50 });
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']));
});

async function acceptedWait(as = token): Promise<number> {
  const answer = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    token: as,
    body: SEARCH,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status).toBe(202);
  return Number(answer.body.data[0]?.consultar_daqui_s);
}

test("a newcomer's search is told one round behind a big account's published backlog, then its own grows", async () => {
  await createFairSchedulePublisher(database.db).publish({
    computedAt: T0,
    coveredSeq: '0',
    starts: new Map(),
    backlog: {
      accounts: new Map([[randomUUID(), { weight: 1, workMs: 1_000 * SEARCH_RUN_S * 1000, searches: 1_000 }]]),
      internalWorkMs: 0,
      internalShare: 0.1,
    },
    runMs: TYPICAL_RUN_MS,
  });
  expect(await acceptedWait()).toBe(SEARCH_RUN_S);
  // Its first search (accepted after the summary) now counts: as much of the big account's work goes first.
  expect(await acceptedWait()).toBe(3 * SEARCH_RUN_S);
});

test("the schedule's measured run times are what a new order is told, its own newer orders counted at them", async () => {
  const accountId = await newAccount(gateway.adminUrl, 'Cartório Rápido', '1000.00');
  const other = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const { rows } = await sql<{ seq: string }>`SELECT max(acceptance_seq)::text AS seq FROM orders`.execute(database.db);
  // Origin-session measured searches at 10 s (decision 0098), and says so with the schedule.
  const searchMs = 10_000;
  await createFairSchedulePublisher(database.db).publish({
    computedAt: clock.now(),
    coveredSeq: rows[0]?.seq ?? '0',
    starts: new Map(),
    backlog: {
      accounts: new Map([[randomUUID(), { weight: 1, workMs: 1_000 * searchMs, searches: 1_000 }]]),
      internalWorkMs: 0,
      internalShare: 0.1,
    },
    runMs: { ...TYPICAL_RUN_MS, 'pesquisa-previa-bens': searchMs },
  });
  expect(await acceptedWait(other.token)).toBe(10);
  // Its first search is newer than the summary: 10 s of its own, as much of the big account's, then its 10 s run.
  expect(await acceptedWait(other.token)).toBe(30);
});
