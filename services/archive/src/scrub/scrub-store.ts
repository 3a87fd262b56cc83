import type { Database, DocumentKindColumn } from '@regapi/db';
import type { ScrubOutcome } from '@regapi/telemetry';
import { type Kysely, type Selectable, sql } from 'kysely';

/** The scrub's state row (migration 0040, docs/decisions/0128). */
export type ScrubState = Selectable<Database['document_scrub']>;

/** An `order_document` row as the scrub checks it, with its order's protocolo for the alert. */
export interface ScrubbedDocument {
  readonly orderId: string;
  readonly kind: DocumentKindColumn;
  readonly protocolo: string;
  readonly storageKey: string;
  readonly sha256: string;
  readonly sizeBytes: number;
}

const ms = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;

/** A run's cursor and counts before its first document: set when a run starts and again when it completes. */
const EMPTY_RUN = {
  after_order_id: null,
  after_kind: null,
  run_ok: 0,
  run_mismatch: 0,
  run_missing: 0,
} as const;

export async function readScrubState(db: Kysely<Database>): Promise<ScrubState | undefined> {
  return db.selectFrom('document_scrub').selectAll().executeTakeFirst();
}

/**
 * Takes (or renews) the scrub's lease for `holder`: granted when nobody holds it, when `holder` already does, or when
 * the holder's lease ran out (it crashed, or lost PostgreSQL). Undefined: another replica is scrubbing.
 */
export async function claimScrub(
  db: Kysely<Database>,
  holder: string,
  leaseMs: number,
): Promise<ScrubState | undefined> {
  return db
    .updateTable('document_scrub')
    .set({ holder, lease_until: sql<Date>`now() + ${ms(leaseMs)}` })
    .where((eb) =>
      eb.or([eb('holder', 'is', null), eb('holder', '=', holder), eb('lease_until', '<', sql<Date>`now()`)]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Begins a run when none is in progress and the last began at least `intervalMs` ago (or never). */
export async function beginScrubRun(
  db: Kysely<Database>,
  holder: string,
  intervalMs: number,
): Promise<ScrubState | undefined> {
  return db
    .updateTable('document_scrub')
    .set({
      run_started_at: sql<Date>`now()`,
      ...EMPTY_RUN,
    })
    .where('holder', '=', holder)
    .where('run_started_at', 'is', null)
    .where((eb) =>
      eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', sql<Date>`now() - ${ms(intervalMs)}`)]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The next `limit` documents after the cursor, in primary-key order (a keyset page: the index, no OFFSET). */
export async function nextScrubPage(
  db: Kysely<Database>,
  after: { readonly orderId: string; readonly kind: DocumentKindColumn } | undefined,
  limit: number,
): Promise<ScrubbedDocument[]> {
  const rows = await db
    .selectFrom('order_document as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.order_id', 'd.kind', 'o.protocolo', 'd.storage_key', 'd.sha256', 'd.size_bytes'])
    .$if(after !== undefined, (query) =>
      query.where(sql<boolean>`(d.order_id, d.kind) > (${after?.orderId}::uuid, ${after?.kind}::text)`),
    )
    .orderBy('d.order_id')
    .orderBy('d.kind')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    kind: row.kind,
    protocolo: row.protocolo,
    storageKey: row.storage_key,
    sha256: row.sha256,
    sizeBytes: row.size_bytes,
  }));
}

/**
 * Records one checked document: the cursor moves past it, its outcome is counted in the run, and the lease is
 * renewed. False when `holder` no longer holds the lease (another replica took over): the caller stops.
 */
export async function advanceScrub(
  db: Kysely<Database>,
  holder: string,
  document: ScrubbedDocument,
  outcome: ScrubOutcome,
  leaseMs: number,
): Promise<boolean> {
  const column = outcome === 'ok' ? 'run_ok' : outcome === 'mismatch' ? 'run_mismatch' : 'run_missing';
  const result = await db
    .updateTable('document_scrub')
    .set((eb) => ({
      after_order_id: document.orderId,
      after_kind: document.kind,
      [column]: eb(column, '+', 1),
      lease_until: sql<Date>`now() + ${ms(leaseMs)}`,
    }))
    .where('holder', '=', holder)
    .where('run_started_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Ends the run in progress: its findings become the last run's, and the next run starts from the beginning. */
export async function completeScrubRun(db: Kysely<Database>, holder: string): Promise<ScrubState | undefined> {
  return db
    .updateTable('document_scrub')
    .set((eb) => ({
      last_started_at: eb.ref('run_started_at'),
      last_completed_at: sql<Date>`now()`,
      last_ok: eb.ref('run_ok'),
      last_mismatch: eb.ref('run_mismatch'),
      last_missing: eb.ref('run_missing'),
      run_started_at: null,
      ...EMPTY_RUN,
    }))
    .where('holder', '=', holder)
    .where('run_started_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** Gives the lease up (the run, if unfinished, stays where it is for whoever claims next). */
export async function releaseScrub(db: Kysely<Database>, holder: string): Promise<void> {
  await db
    .updateTable('document_scrub')
    .set({ holder: null, lease_until: null })
    .where('holder', '=', holder)
    .execute();
}
