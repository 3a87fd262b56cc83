import type { Database } from '@regapi/db';
import { decodeOrderRequest, decodeOrderResult } from '@regapi/orders';
import type { Kysely, Selectable, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export type CertificateWatchRow = Selectable<Database['certificate_watch']>;

const CERTIFICATE = 'certidao-inteiro-teor';

/** Certificates in EM_EMISSAO the watch does not follow yet (the partial index on unfinished orders serves it). */
export async function unwatchedCertificates(db: Db, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'request', 'uf', 'result'])
    .where('state', '=', 'awaiting_issue')
    .where('fonte', '=', CERTIFICATE)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('certificate_watch').select('order_id').whereRef('order_id', '=', 'orders.id'))),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    request: decodeOrderRequest(CERTIFICATE, row.request),
    result: decodeOrderResult(CERTIFICATE, row.result),
  }));
}

/** Certificates finished 605 that no watch row records yet: lost to an origin timeout (docs/decisions/0039). */
export async function unrecordedLostCertificates(db: Db, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'protocolo', 'request', 'uf', 'numero_pedido', 'attempt_started_at'])
    .where('code', '=', 605)
    .where('fonte', '=', CERTIFICATE)
    .where('state', '=', 'finished')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('certificate_watch').select('order_id').whereRef('order_id', '=', 'orders.id'))),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, request: decodeOrderRequest(CERTIFICATE, row.request) }));
}

/** Inserts a watch row unless one exists (another reconciler adopted it first); true when this one was inserted. */
export async function insertWatch(
  db: Db,
  row: {
    readonly orderId: string;
    readonly state: 'watching' | 'lost';
    readonly checks: number;
    readonly timeZone: string;
    readonly nextCheckAt: Date | null;
    readonly at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('certificate_watch')
    .values({
      order_id: row.orderId,
      state: row.state,
      checks: row.checks,
      time_zone: row.timeZone,
      next_check_at: row.nextCheckAt,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Watches due at `now`, locked for this transaction; rows another reconciler holds are skipped. */
export async function lockDueWatches(trx: Transaction<Database>, now: Date, limit: number) {
  return trx
    .selectFrom('certificate_watch')
    .selectAll()
    .where('state', '=', 'watching')
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function updateWatch(
  trx: Transaction<Database>,
  orderId: string,
  change: {
    readonly state: 'watching' | 'ended' | 'exhausted';
    readonly checks: number;
    readonly nextCheckAt: Date | null;
    readonly at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('certificate_watch')
    .set({ state: change.state, checks: change.checks, next_check_at: change.nextCheckAt, updated_at: change.at })
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Whether the origin's latest answers for this certificate were "order not found" (origin-session's
 * `certificate_not_found`, docs/decisions/0176): a run not yet decided.
 */
export async function notFoundRunOpen(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('certificate_not_found')
    .select('order_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}
