import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import {
  createFairSchedulePublisher,
  type FairSchedule,
  getOrderByProtocolo,
  type Order,
  type RunTimes,
  TYPICAL_RUN_MS,
} from '@regapi/orders';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// consultar_daqui_s of a queued order from origin-session's published fair forecast (decision 0089): its start, then
// its typical run; the FIFO facts only when the schedule is stale or absent.

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const T0 = new Date('2026-03-11T13:00:00.000Z');
const MINUTE = 60_000;
const SEARCH_RUN_S = 72;

const clock = new ManualClock(T0);
const { database, gateway } = useTestGateway({ clock, hourlySearchCeiling: 50 });
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']));
});

async function accepted(): Promise<Order> {
  const answer = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    token,
    body: SEARCH,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (answer.status !== 202) throw new Error(`not accepted: ${JSON.stringify(answer.body)}`);
  const order = await getOrderByProtocolo(database.db, String(answer.body.data[0]?.protocolo));
  if (order === undefined) throw new Error('no order');
  return order;
}

async function waitOf(order: Order): Promise<number> {
  const polled = await call(`${gateway.url}/v1/consultas/${order.protocolo}`, { token });
  expect(polled.status).toBe(202);
  return Number(polled.body.data[0]?.consultar_daqui_s);
}

function schedule(computedAt: Date, starts: [string, number][], runMs: RunTimes = TYPICAL_RUN_MS): FairSchedule {
  return {
    computedAt,
    coveredSeq: '0',
    starts: new Map(starts),
    backlog: { accounts: new Map(), internalWorkMs: 0, internalShare: 0.1 },
    runMs,
  };
}

test('a queued order is answered from its fresh forecast, from the FIFO facts when the schedule is stale', async () => {
  const first = await accepted();
  const second = await accepted();
  // FIFO: `second` follows `first`'s typical run.
  expect(await waitOf(second)).toBe(2 * SEARCH_RUN_S);

  // The fair schedule puts `second` first (another account's share, say): 3 min, then its own run.
  await createFairSchedulePublisher(database.db).publish(
    schedule(new Date(T0.getTime() - 20_000), [
      [second.id, T0.getTime() + 3 * MINUTE],
      [first.id, T0.getTime() + 5 * MINUTE],
    ]),
  );
  expect(await waitOf(second)).toBe(3 * 60 + SEARCH_RUN_S);
  expect(await waitOf(first)).toBe(5 * 60 + SEARCH_RUN_S);

  // A forecast start already past, the order still queued: about now, then its run (never 0 s).
  clock.set(new Date(T0.getTime() + 6 * MINUTE));
  await createFairSchedulePublisher(database.db).publish(
    schedule(clock.now(), [
      [second.id, T0.getTime() + 3 * MINUTE],
      [first.id, T0.getTime() + 5 * MINUTE],
    ]),
  );
  expect(await waitOf(first)).toBe(SEARCH_RUN_S);

  // Origin-session silent for more than 30 s: the forecast is no longer trusted, the FIFO facts answer again.
  clock.set(new Date(clock.now().getTime() + 31_000));
  expect(await waitOf(second)).toBe(2 * SEARCH_RUN_S);
});

test('a queued order adds the run time the schedule was computed with (measured, decision 0098), not the typical', async () => {
  const order = await accepted();
  const searchRunMs = 20_000;
  await createFairSchedulePublisher(database.db).publish(
    schedule(clock.now(), [[order.id, clock.now().getTime() + 3 * MINUTE]], {
      ...TYPICAL_RUN_MS,
      'pesquisa-previa-bens': searchRunMs,
    }),
  );
  expect(await waitOf(order)).toBe(3 * 60 + searchRunMs / 1000);
});
