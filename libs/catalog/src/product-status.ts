import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether a product is in service (migration 0004, table `product_status`). Contract 7.5: on 602/603 from the origin the
 * product goes out of service at once (origin-session) and a human puts it back (`pnpm ops product enable`); while it
 * is out, quotes and executions answer 602 without charge (gateway). Moved here from the gateway so both services
 * read and write it through one copy.
 */
export interface ProductStatus {
  readonly fonte: Fonte;
  readonly enabled: boolean;
  readonly reason: string | null;
  readonly changedAt: Date;
}

/** The status after a switch, and whether this switch changed it (only a real change notifies a human). */
export interface ProductStatusChange extends ProductStatus {
  readonly changed: boolean;
}

/** A product without a row is in service: the migration seeds one row per product, so this is only a fallback. */
export async function isProductEnabled(db: Db, fonte: Fonte): Promise<boolean> {
  const row = await db.selectFrom('product_status').select('enabled').where('fonte', '=', fonte).executeTakeFirst();
  return row?.enabled ?? true;
}

/**
 * Puts a product in or out of service. Switching to the state it is already in keeps the first change's time and
 * reason (a repeated `disable` must not hide when the outage began) and reports `changed: false`.
 */
export async function setProductEnabled(
  db: Db,
  fonte: Fonte,
  enabled: boolean,
  reason: string | null,
  now: Date = new Date(),
): Promise<ProductStatusChange> {
  const row = await db
    .insertInto('product_status')
    .values({ fonte, enabled, reason, changed_at: now })
    .onConflict((conflict) =>
      conflict
        .column('fonte')
        .doUpdateSet({ enabled, reason, changed_at: now })
        .where('product_status.enabled', '<>', enabled),
    )
    .returning(['enabled', 'reason', 'changed_at'])
    .executeTakeFirst();
  if (row !== undefined) {
    return { fonte, enabled: row.enabled, reason: row.reason, changedAt: row.changed_at, changed: true };
  }
  return { ...(await getProductStatus(db, fonte)), changed: false };
}

export async function getProductStatus(db: Db, fonte: Fonte): Promise<ProductStatus> {
  const row = await db
    .selectFrom('product_status')
    .select(['enabled', 'reason', 'changed_at'])
    .where('fonte', '=', fonte)
    .executeTakeFirst();
  return row === undefined
    ? { fonte, enabled: true, reason: null, changedAt: new Date(0) }
    : { fonte, enabled: row.enabled, reason: row.reason, changedAt: row.changed_at };
}
