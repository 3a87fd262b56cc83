import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { DEFAULT_PLAN_ID, getPlan, priceWithMargin } from '@regapi/ledger';
import { type Kysely, sql } from 'kysely';
import { loadQuoteCatalog } from './quote-catalog';
import { type Answer, admin, call, type GatewayFixture, newAccount, newToken } from './test-gateway';

/*
 * What the batch test files share (decisions 0087, 0088, 0090): an account with credit and a token on the quote
 * catalog, the batch's quote, execution and view routes, and the plan's price of one item.
 */

/** The quote catalog loaded, then an account credited with `amount` reais and a token of `scopes` for it. */
export async function openBatchAccount(
  { database, gateway }: GatewayFixture,
  name: string,
  amount: string,
  scopes: readonly string[],
): Promise<{ readonly accountId: string; readonly token: string }> {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, name, amount);
  const { token } = await newToken(gateway.adminUrl, accountId, scopes);
  return { accountId, token };
}

/**
 * An account on a plan of its own (the default plan's margins, `maxOpenOrders` open orders at most), credited with
 * `amount` reais, and a token of `scopes` for it: what a batch larger or smaller than the default limit needs.
 */
export async function openAccountOnPlan(
  { database, gateway }: GatewayFixture,
  options: {
    readonly plan: { readonly id: string; readonly name: string; readonly maxOpenOrders: number };
    readonly account: string;
    readonly amount: string;
    readonly scopes: readonly string[];
  },
): Promise<{ readonly accountId: string; readonly token: string }> {
  const { plan } = options;
  await sql`INSERT INTO plan (id, name, max_open_orders) VALUES (${plan.id}, ${plan.name}, ${plan.maxOpenOrders})`.execute(
    database.db,
  );
  await sql`
    INSERT INTO plan_margin (plan_id, fonte, margin_bps, margin_fixed_centavos)
    SELECT ${plan.id}, fonte, margin_bps, margin_fixed_centavos FROM plan_margin WHERE plan_id = ${DEFAULT_PLAN_ID}`.execute(
    database.db,
  );
  const created = await admin(gateway.adminUrl, 'POST', '/admin/v1/accounts', { name: options.account, plan: plan.id });
  const accountId = String(created.body.data[0]?.account_id);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountId}/credits`, { amount: options.amount });
  const { token } = await newToken(gateway.adminUrl, accountId, options.scopes);
  return { accountId, token };
}

/** A batch kind's routes (`kind`: `pesquisa-previa-bens/lote`, `.../nacional`, `<fonte>/lote`), as `bearer` calls them. */
export interface BatchRoutes {
  quote(kind: string, body: unknown, bearer: string): Promise<Answer>;
  execute(kind: string, body: unknown, key: string, bearer: string): Promise<Answer>;
  view(lote: string, bearer: string): Promise<Answer>;
}

export function batchRoutes({ gateway }: GatewayFixture): BatchRoutes {
  return {
    quote: (kind, body, bearer) => call(`${gateway.url}/v1/orcamento/${kind}`, { method: 'POST', token: bearer, body }),
    execute: (kind, body, key, bearer) =>
      call(`${gateway.url}/v1/consultas/${kind}`, {
        method: 'POST',
        token: bearer,
        body,
        headers: { 'idempotency-key': key },
      }),
    view: (lote, bearer) => call(`${gateway.url}/v1/lotes/${lote}`, { token: bearer }),
  };
}

/** The default plan's price, in centavos, of one order of `fonte` on an office fee of `feeCentavos`. */
export async function planPrice(db: Kysely<Database>, fonte: Fonte, feeCentavos: number): Promise<number> {
  const plan = await getPlan(db, DEFAULT_PLAN_ID);
  if (plan === undefined) throw new Error('no default plan');
  return priceWithMargin(plan, fonte, feeCentavos).totalCentavos;
}
