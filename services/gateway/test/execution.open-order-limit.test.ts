import { randomUUID } from 'node:crypto';
import { OPEN_ORDER_LIMIT_RETRY_AFTER_S } from '@regapi/contracts';
import { DEFAULT_PLAN_ID, getPlan } from '@regapi/ledger';
import { failureResultData, getOrderByProtocolo, transition } from '@regapi/orders';
import { sql } from 'kysely';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, admin, call, newToken, useTestGateway } from './support/test-gateway';

// The plan's open-order limit on POST /v1/consultas/{fonte} (issue 16; docs/decisions/0084): an account with its
// plan's most orders open is refused with the 429 envelope before any debit, under the account's acceptance lock.
// No consumer runs here: accepted orders stay queued until the test finishes them.

const LIMIT = 3;
const PLAN = 'limite-teste';
const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };

const { database, gateway } = useTestGateway();

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  await sql`INSERT INTO plan (id, name, max_open_orders) VALUES (${PLAN}, 'Limite de teste', ${LIMIT})`.execute(
    database.db,
  );
  await sql`
    INSERT INTO plan_margin (plan_id, fonte, margin_bps, margin_fixed_centavos)
    SELECT ${PLAN}, fonte, margin_bps, margin_fixed_centavos FROM plan_margin WHERE plan_id = ${DEFAULT_PLAN_ID}`.execute(
    database.db,
  );
});

interface Customer {
  readonly accountId: string;
  readonly token: string;
}

/** An account on the test plan (limit 3) with R$ 1000.00 and a search token, through the admin API. */
async function customer(name: string): Promise<Customer> {
  const created = await admin(gateway.adminUrl, 'POST', '/admin/v1/accounts', { name, plan: PLAN });
  expect(created.status).toBe(201);
  const accountId = String(created.body.data[0]?.account_id);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountId}/credits`, { amount: '1000.00' });
  return { accountId, token: (await newToken(gateway.adminUrl, accountId)).token };
}

function execute(who: Customer, key: string = randomUUID()): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    token: who.token,
    body: SEARCH,
    headers: { 'idempotency-key': key },
  });
}

async function balanceOf(who: Customer): Promise<number> {
  const shown = await admin(gateway.adminUrl, 'GET', `/admin/v1/accounts/${who.accountId}`);
  return Number(shown.body.data[0]?.balance_centavos);
}

async function openOrdersOf(who: Customer): Promise<number> {
  const row = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', who.accountId)
    .where('state', '<>', 'finished')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function debitsOf(who: Customer): Promise<number> {
  const row = await database.db
    .selectFrom('ledger_transaction')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', who.accountId)
    .where('kind', '=', 'order_debit')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends an accepted order as origin-session would (a refunded 605), so it is no longer open. */
async function finish(answer: Answer): Promise<void> {
  const order = await getOrderByProtocolo(database.db, String(answer.body.data[0]?.protocolo));
  if (order === undefined) throw new Error('no order for the answer');
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', { attempt_started_at: new Date(), attempts: 1 });
    await transition(trx, order.id, 'finish', {
      code: 605,
      result: JSON.stringify(failureResultData('pesquisa-previa-bens', 605, {})),
      finished_at: new Date(),
    });
  });
}

function expectLimitRefusal(answer: Answer, open: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body.code).toBe(429);
  expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
  expect(answer.body.data).toEqual([]);
  expect(answer.body.code_message).toContain(`já tem ${open} pedidos aceitos e ainda não concluídos`);
  expect(answer.body.code_message).toContain(`no máximo ${LIMIT} ao mesmo tempo`);
  expect(answer.body.code_message).toContain('Nada foi cobrado');
  expect(answer.headers.get('retry-after')).toBe(String(OPEN_ORDER_LIMIT_RETRY_AFTER_S));
}

test('the plans carry their limit: Padrão 500, Volume and Parceiro 1000', async () => {
  expect((await getPlan(database.db, 'padrao'))?.maxOpenOrders).toBe(500);
  expect((await getPlan(database.db, 'volume'))?.maxOpenOrders).toBe(1000);
  expect((await getPlan(database.db, 'parceiro'))?.maxOpenOrders).toBe(1000);
});

test('at the limit the next execution is a 429 envelope, nothing debited nor stored; replays and others still answer', async () => {
  const full = await customer('Birô de Crédito');
  const other = await customer('Outro Cliente');
  const keys = [randomUUID(), randomUUID(), randomUUID()];
  const accepted: Answer[] = [];
  for (const key of keys) accepted.push(await execute(full, key));
  expect(accepted.map((answer) => answer.status)).toEqual([202, 202, 202]);

  const balance = await balanceOf(full);
  const refusedKey = randomUUID();
  const refused = await execute(full, refusedKey);
  expectLimitRefusal(refused, LIMIT);
  expect(await balanceOf(full)).toBe(balance);
  expect(await openOrdersOf(full)).toBe(LIMIT);
  expect(await debitsOf(full)).toBe(LIMIT);
  const stored = await database.db
    .selectFrom('idempotency_key')
    .select('key')
    .where('account_id', '=', full.accountId)
    .where('key', '=', refusedKey)
    .execute();
  expect(stored).toEqual([]);
  // The same refused key again: refused again, the same way (nothing was stored under it).
  expectLimitRefusal(await execute(full, refusedKey), LIMIT);

  // A retry of an order that WAS accepted still answers it, limit or not: the stored 202, not charged again.
  const replay = await execute(full, keys[1]);
  expect(replay.status).toBe(202);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(accepted[1]?.body);
  expect(await balanceOf(full)).toBe(balance);

  // Another account of the same plan is not touched by this one's backlog.
  expect((await execute(other)).status).toBe(202);

  // A finished order frees a slot: the refused key, resent, is now accepted and debited once.
  await finish(accepted[0] as Answer);
  const later = await execute(full, refusedKey);
  expect(later.status).toBe(202);
  expect(later.headers.get('idempotent-replayed')).toBeNull();
  expect(await balanceOf(full)).toBe(balance - Math.round(Number(later.body.header.price) * 100));
  expect(await openOrdersOf(full)).toBe(LIMIT);
  expectLimitRefusal(await execute(full), LIMIT);
});

test('concurrent executions at limit - 1: exactly one is accepted and debited, the others are 429s', async () => {
  const racer = await customer('Cliente Apressado');
  for (let i = 0; i < LIMIT - 1; i += 1) expect((await execute(racer)).status).toBe(202);
  const balance = await balanceOf(racer);

  const answers = await Promise.all(Array.from({ length: 5 }, () => execute(racer)));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([202, 429, 429, 429, 429]);
  for (const answer of answers.filter((one) => one.status === 429)) expectLimitRefusal(answer, LIMIT);
  const winner = answers.find((answer) => answer.status === 202) as Answer;
  expect(await openOrdersOf(racer)).toBe(LIMIT);
  expect(await debitsOf(racer)).toBe(LIMIT);
  expect(await balanceOf(racer)).toBe(balance - Math.round(Number(winner.body.header.price) * 100));
});

test('an account whose plan limit was lowered below its open orders says how many it has', async () => {
  const lowered = await customer('Cliente Rebaixado');
  for (let i = 0; i < LIMIT; i += 1) expect((await execute(lowered)).status).toBe(202);
  await sql`INSERT INTO plan (id, name, max_open_orders) VALUES ('limite-um', 'Limite um', 1)`.execute(database.db);
  await sql`
    INSERT INTO plan_margin (plan_id, fonte, margin_bps, margin_fixed_centavos)
    SELECT 'limite-um', fonte, margin_bps, margin_fixed_centavos FROM plan_margin WHERE plan_id = ${PLAN}`.execute(
    database.db,
  );
  await database.db.updateTable('account').set({ plan_id: 'limite-um' }).where('id', '=', lowered.accountId).execute();
  // The gateway keeps a plan for a second (docs/decisions/0029).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const refused = await execute(lowered);
  expect(refused.status).toBe(429);
  expect(refused.body.code_message).toContain(`já tem ${LIMIT} pedidos aceitos e ainda não concluídos`);
  expect(refused.body.code_message).toContain('no máximo 1 ao mesmo tempo');
});

test("operators set a plan's limit through the admin API (pnpm ops plan set-limit); bad values are 422, unknown plans 404", async () => {
  const listed = await admin(gateway.adminUrl, 'GET', '/admin/v1/plans');
  expect(listed.status).toBe(200);
  expect(listed.body.data[0]?.plans).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: 'padrao', max_open_orders: 500 })]),
  );
  const path = '/admin/v1/plans/limite-teste-admin/max-open-orders';
  await sql`INSERT INTO plan (id, name, max_open_orders) VALUES ('limite-teste-admin', 'Limite admin', 2)`.execute(
    database.db,
  );
  const raised = await admin(gateway.adminUrl, 'POST', path, { max_open_orders: 7 });
  expect(raised.status).toBe(200);
  expect(raised.body.data[0]).toEqual(expect.objectContaining({ id: 'limite-teste-admin', max_open_orders: 7 }));
  expect((await getPlan(database.db, 'limite-teste-admin'))?.maxOpenOrders).toBe(7);
  for (const body of [{ max_open_orders: 0 }, { max_open_orders: 2.5 }, { max_open_orders: '9' }, {}]) {
    const refused = await admin(gateway.adminUrl, 'POST', path, body);
    expect([JSON.stringify(body), refused.status]).toEqual([JSON.stringify(body), 422]);
  }
  expect((await getPlan(database.db, 'limite-teste-admin'))?.maxOpenOrders).toBe(7);
  const unknown = await admin(gateway.adminUrl, 'POST', '/admin/v1/plans/ouro/max-open-orders', { max_open_orders: 5 });
  expect(unknown.status).toBe(404);
  const audit = await database.db
    .selectFrom('admin_audit')
    .select(['action'])
    .where('action', '=', 'plan.limit')
    .execute();
  expect(audit.length).toBeGreaterThanOrEqual(1);
});
