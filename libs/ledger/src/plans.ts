import { type Fonte, isFonte } from '@regapi/contracts';
import type { Db } from './db';

/** A plan's margin on one product: a percentage of the office fee (basis points) plus a fixed amount. */
export interface PlanMargin {
  /** 1500 = 15 % of the office fee. */
  readonly margin_bps: number;
  readonly margin_fixed_centavos: number;
}

export interface Plan {
  readonly id: string;
  readonly name: string;
  /** Per product; a plan without a margin for a product cannot price it (`MissingPlanMarginError`). */
  readonly margins: Readonly<Partial<Record<Fonte, PlanMargin>>>;
  /** Most open (not finished) orders an account on this plan may have at once (decision 0084). */
  readonly maxOpenOrders: number;
}

export async function listPlans(db: Db): Promise<Plan[]> {
  const [plans, margins] = await Promise.all([
    db.selectFrom('plan').select(['id', 'name', 'max_open_orders']).orderBy('id').execute(),
    db.selectFrom('plan_margin').selectAll().execute(),
  ]);
  return plans.map((plan) => toPlan(plan, margins));
}

export async function getPlan(db: Db, id: string): Promise<Plan | undefined> {
  const plan = await db
    .selectFrom('plan')
    .select(['id', 'name', 'max_open_orders'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (plan === undefined) return undefined;
  const margins = await db.selectFrom('plan_margin').selectAll().where('plan_id', '=', id).execute();
  return toPlan(plan, margins);
}

function toPlan(
  plan: { id: string; name: string; max_open_orders: number },
  margins: readonly { plan_id: string; fonte: string; margin_bps: number; margin_fixed_centavos: number }[],
): Plan {
  const byFonte: Partial<Record<Fonte, PlanMargin>> = {};
  for (const row of margins) {
    if (row.plan_id !== plan.id || !isFonte(row.fonte)) continue;
    byFonte[row.fonte] = { margin_bps: row.margin_bps, margin_fixed_centavos: row.margin_fixed_centavos };
  }
  return { id: plan.id, name: plan.name, margins: byFonte, maxOpenOrders: plan.max_open_orders };
}

/**
 * Sets a plan's open-order limit (decision 0084; the admin API's `plan set-limit`). Answers the plan as it is now, or
 * undefined for an unknown plan. The gateway applies it within its plan cache time (one second, decision 0029); orders
 * already open stay open: an account above a lowered limit is refused new ones until it is below it again.
 */
export async function setPlanMaxOpenOrders(db: Db, id: string, maxOpenOrders: number): Promise<Plan | undefined> {
  if (!Number.isSafeInteger(maxOpenOrders) || maxOpenOrders < 1) {
    throw new RangeError(`max open orders must be a positive integer, got ${maxOpenOrders}`);
  }
  const updated = await db
    .updateTable('plan')
    .set({ max_open_orders: maxOpenOrders })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated === undefined ? undefined : getPlan(db, id);
}
