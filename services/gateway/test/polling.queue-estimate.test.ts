import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { estimateStart, getOrderByProtocolo, type Order, transition } from '@regapi/orders';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// consultar_daqui_s of a queued order (issue 5 items 2, 4 and 8): the typical run of every order working ahead of it
// (running, or queued earlier and not deferred), and for a search not before its slot under the hourly ceiling —
// read with the order in one statement. Every order here is accepted at the same instant: the protocolo breaks the tie.

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const CERTIFICATE = {
  cpf_cnpj: '123.456.789-09',
  imovel_matricula: '31337',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};
const T0 = new Date('2026-03-11T13:00:00.000Z');
const MINUTE = 60_000;
const CEILING = 2;

const clock = new ManualClock(T0);
const { database, gateway } = useTestGateway({ clock, hourlySearchCeiling: CEILING });
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, [
    'consultas:pesquisa-previa-bens',
    'consultas:certidao-inteiro-teor',
  ]));
});

async function accepted(fonte: string, body: unknown): Promise<Order> {
  const answer = await call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token,
    body,
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

test('the wait counts the work ahead per product, skips deferred and later orders, and honours the ceiling', async () => {
  const running = await accepted('pesquisa-previa-bens', SEARCH);
  const deferred = await accepted('pesquisa-previa-bens', SEARCH);
  const certificate = await accepted('certidao-inteiro-teor', CERTIFICATE);
  const search = await accepted('pesquisa-previa-bens', SEARCH);
  const later = await accepted('pesquisa-previa-bens', SEARCH);

  await database.db.transaction().execute(async (trx) => {
    await transition(trx, running.id, 'startAttempt', { attempt_started_at: T0, attempts: 1 });
    await transition(trx, deferred.id, 'defer', { run_after: new Date(T0.getTime() + 30 * MINUTE) });
  });
  // The running search reached the origin ten minutes ago; one more search an hour and a minute ago no longer counts.
  await database.db
    .insertInto('origin_order_attempt')
    .values([
      { id: randomUUID(), order_id: running.id, fonte: 'pesquisa-previa-bens', started_at: minutesAgo(10) },
      // An earlier placement, shown absent at the origin before this one (one open intent per order: decision 0110).
      {
        id: randomUUID(),
        order_id: running.id,
        fonte: 'pesquisa-previa-bens',
        started_at: minutesAgo(61),
        resolved_at: minutesAgo(50),
        resolution: 'absent',
      },
    ])
    .execute();

  // The certificate: the running search (72 s) is ahead, the deferred one is not working; then its own 10 s.
  expect(await waitOf(certificate)).toBe(72 + 10);
  // `search`: the running search and the certificate work ahead (72 + 10 s), but the ceiling (2 an hour) decides:
  // slots after the one started 10 min ago are now (the deferred search, first in line) and then 50 min from now,
  // when the start of 10 min ago turns one hour old. Then its own 72 s.
  expect(await waitOf(search)).toBe(50 * 60 + 72);
  // `later` also waits for `search`'s slot: one hour after the deferred one's (now), then its 72 s.
  expect(await waitOf(later)).toBe(60 * 60 + 72);
  // Not queued: the running search is expected after its typical run from its start.
  expect(await waitOf(running)).toBe(72);

  // The poll's one statement and the estimate of a stored position read the same queue.
  const estimate = await estimateStart(
    database.db,
    { fonte: search.fonte, state: 'queued', position: search },
    clock.now(),
    { hourlySearchCeiling: CEILING },
  );
  expect(estimate).toEqual({ startAt: new Date(T0.getTime() + 50 * MINUTE), ceilingBound: true });
});

function minutesAgo(minutes: number): Date {
  return new Date(T0.getTime() - minutes * MINUTE);
}
