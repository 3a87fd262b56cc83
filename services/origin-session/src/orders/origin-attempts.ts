import { type Database, type OriginAttemptResolution, PG_ERROR, pgErrorCode } from '@regapi/db';
import { type AlongsideWrite, type OrderChanges, transitionUpdateQuery } from '@regapi/orders';
import { type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import { LockLostError } from '../session/origin-account-lock';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `origin_order_attempt` (migrations 0008, 0037): the durable INTENT of every call that may place an order at the
 * origin, committed before the call under the leader's epoch, answered after it, and resolved once it is known
 * whether the origin created an order for it (docs/decisions/0110). Readers: the hourly ceiling (searches started in
 * the last hour, every replica counting the same), in-doubt resolution (an open intent is a call whose outcome at the
 * origin is unknown), and the daily check that every listed origin order belongs to exactly one attempt.
 */
export interface OriginAttempt {
  readonly id: string;
  readonly orderId: string;
  readonly startedAt: Date;
  readonly answeredAt: Date | null;
  readonly outcome: string | null;
  readonly numeroPedido: string | null;
  readonly epoch: number | null;
  readonly resolution: OriginAttemptResolution | null;
}

export interface IntentInput {
  readonly orderId: string;
  readonly fonte: string;
  readonly at: Date;
  /** The origin account whose leader commits it, and that leader's epoch: checked in the same transaction. */
  readonly account: string;
  readonly epoch: number | undefined;
}

/** An order already has an open intent: a second one would be a second placement while the first is in doubt. */
export class OpenIntentExistsError extends Error {
  override readonly name = 'OpenIntentExistsError';
  readonly code = 'open_intent_exists';
  constructor(orderId: string) {
    super(`order ${orderId} already has an open origin intent`);
  }
}

/**
 * Holds the leadership row (FOR SHARE: a takeover's update waits for this transaction, and this one for it) and
 * fails unless `epoch` is still the account's: a replaced leader commits nothing.
 */
export async function checkEpoch(
  trx: Transaction<Database>,
  account: string,
  epoch: number | undefined,
): Promise<void> {
  const row = await trx
    .selectFrom('origin_leadership')
    .select('epoch')
    .where('account', '=', account)
    .forShare()
    .executeTakeFirst();
  if (epoch === undefined || row === undefined || row.epoch !== epoch) {
    throw new LockLostError(
      new Error(`epoch ${epoch ?? 'none'} is not the origin account's (${row?.epoch ?? 'none'})`),
    );
  }
}

/**
 * Commits the intent of one origin call, in the caller's transaction, under the epoch check: the leadership row held
 * FOR SHARE and the insert made only if the epoch is still the account's, in ONE statement (docs/decisions/0159; the
 * same guarantee as `checkEpoch` then the insert, one round trip fewer before every origin call).
 */
export async function openIntent(trx: Transaction<Database>, intent: IntentInput): Promise<string> {
  if (intent.epoch === undefined) {
    await checkEpoch(trx, intent.account, intent.epoch);
    throw new LockLostError(new Error('no epoch'));
  }
  const id = crypto.randomUUID();
  let lead: { readonly epoch: number | null; readonly inserted: number } | undefined;
  try {
    const { rows } = await sql<{ epoch: number | null; inserted: number }>`
      WITH lead AS (SELECT l.epoch FROM origin_leadership l WHERE l.account = ${intent.account} FOR SHARE),
      intent AS (
        INSERT INTO origin_order_attempt (id, order_id, fonte, started_at, answered_at, outcome, numero_pedido, epoch,
                                          resolved_at, resolution)
        SELECT ${id}::uuid, ${intent.orderId}::uuid, ${intent.fonte}, ${intent.at}::timestamptz, NULL, NULL, NULL,
               lead.epoch, NULL, NULL
        FROM lead WHERE lead.epoch = ${intent.epoch}::bigint
        RETURNING 1)
      SELECT (SELECT lead.epoch::float8 FROM lead) AS epoch, (SELECT count(*) FROM intent)::int AS inserted
    `.execute(trx);
    lead = rows[0];
  } catch (thrown) {
    if (pgErrorCode(thrown) === PG_ERROR.UNIQUE_VIOLATION) throw new OpenIntentExistsError(intent.orderId);
    throw thrown;
  }
  if (lead === undefined || lead.inserted !== 1) {
    throw new LockLostError(new Error(`epoch ${intent.epoch} is not the origin account's (${lead?.epoch ?? 'none'})`));
  }
  return id;
}

/**
 * "Attempt started" and its intent as ONE statement (docs/decisions/0173), where they were a transaction of four round
 * trips: the leadership row held FOR SHARE, the order's `startAttempt` (libs/orders' guarded UPDATE, from `queued`
 * only) made only if `intent.epoch` is still the account's, and the intent inserted only for an order so started. A
 * single statement is atomic: the order is `running` with its intent, or nothing was written. Answers the intent's id,
 * or undefined when the order was not `queued` (another runner started it, or it is done); a replaced leader gets
 * LockLostError (checked first: nothing it asks for is written), a second open intent OpenIntentExistsError.
 */
export async function startAttemptUnderIntent(
  db: Kysely<Database>,
  changes: OrderChanges,
  intent: IntentInput,
): Promise<string | undefined> {
  const { epoch } = intent;
  if (epoch === undefined) throw new LockLostError(new Error('no epoch'));
  const id = crypto.randomUUID();
  let row: { readonly epoch: number | null; readonly started: number } | undefined;
  try {
    row = await db
      .with('lead', (qc) =>
        qc.selectFrom('origin_leadership').select('epoch').where('account', '=', intent.account).forShare(),
      )
      .with('started', (qc) =>
        transitionUpdateQuery(qc, intent.orderId, 'startAttempt', changes)
          .where(sql<boolean>`EXISTS (SELECT 1 FROM lead WHERE lead.epoch = ${epoch}::bigint)`)
          .returning('id'),
      )
      .with('intent', (qc) =>
        qc
          .insertInto('origin_order_attempt')
          .columns(['id', 'order_id', 'fonte', 'started_at', 'epoch'])
          .expression(
            qc
              .selectFrom('started')
              .select([
                sql<string>`${id}::uuid`.as('id'),
                'started.id as order_id',
                sql<string>`${intent.fonte}`.as('fonte'),
                sql<Date>`${intent.at}::timestamptz`.as('started_at'),
                sql<number>`${epoch}::bigint`.as('epoch'),
              ]),
          )
          .returning('id'),
      )
      .selectNoFrom([
        sql<number | null>`(SELECT lead.epoch::float8 FROM lead)`.as('epoch'),
        sql<number>`(SELECT count(*) FROM intent)::int`.as('started'),
      ])
      .executeTakeFirst();
  } catch (thrown) {
    if (pgErrorCode(thrown) === PG_ERROR.UNIQUE_VIOLATION) throw new OpenIntentExistsError(intent.orderId);
    throw thrown;
  }
  if (row === undefined || row.epoch !== epoch) {
    throw new LockLostError(new Error(`epoch ${epoch} is not the origin account's (${row?.epoch ?? 'none'})`));
  }
  return row.started === 1 ? id : undefined;
}

/**
 * Replaces an open intent by a new one (compare-and-set): `previousId` is resolved with `resolution` only if it is
 * still open, and the new intent is committed in the same transaction. Fails with OpenIntentExistsError if someone
 * resolved or replaced it first.
 */
export async function replaceIntent(
  db: Kysely<Database>,
  previousId: string,
  resolution: Extract<OriginAttemptResolution, 'absent' | 'unlisted'>,
  intent: IntentInput,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('origin_order_attempt')
      .set({ resolved_at: sql<Date>`now()`, resolution })
      .where('id', '=', previousId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw new OpenIntentExistsError(intent.orderId);
    return openIntent(trx, intent);
  });
}

/** What the origin answered to the call of an intent, and what it proves. */
export interface AttemptAnswer {
  readonly at: Date;
  readonly outcome: string;
  readonly numeroPedido: string | null;
  /** `placed` (it carries the order), `not-placed` (nothing was created), undefined when it proves neither. */
  readonly resolution: 'placed' | 'not-placed' | undefined;
}

/**
 * The update that records `answer` on intent `id`, not executed: alone (`recordAttemptAnswer`) or as part of the
 * order's settling statement (`answerToRecord`, docs/decisions/0179).
 */
function attemptAnswerUpdate(qc: QueryCreator<Database>, id: string, answer: AttemptAnswer) {
  return qc
    .updateTable('origin_order_attempt')
    .set({
      answered_at: answer.at,
      outcome: answer.outcome,
      numero_pedido: answer.numeroPedido,
      // An intent resolved meanwhile (a successor looked it up while this call ran) keeps its resolution: the answer
      // is still recorded as a fact.
      ...(answer.resolution === undefined
        ? {}
        : {
            resolved_at: sql<Date>`coalesce(resolved_at, now())`,
            resolution: sql<OriginAttemptResolution>`coalesce(resolution, ${answer.resolution})`,
          }),
    })
    .where('id', '=', id)
    .returning('id');
}

/**
 * What the origin answered to the call of intent `id`. `resolution` says what the answer proves: `placed` (it carries
 * the order), `not-placed` (nothing was created), or undefined when it proves neither (the intent stays open).
 */
async function recordAttemptAnswer(db: Db, id: string, answer: AttemptAnswer): Promise<void> {
  await attemptAnswerUpdate(db, id, answer).execute();
}

/**
 * An answer not written yet, for the one caller that settles the order next (docs/decisions/0179): written alone
 * before anything else is done with it (decision 0110), or by the settling statement itself (`alongside`), which is
 * atomic with the order's next state. Written once: `record` after the statement that carried it does nothing.
 */
export interface AnswerToRecord {
  record(): Promise<void>;
  /** The write, for the settling statement; using it counts as written once that statement succeeded. */
  readonly alongside: AlongsideWrite;
  /** The settling statement that carried the write committed. */
  written(): void;
}

export function answerToRecord(db: Kysely<Database>, id: string, answer: AttemptAnswer): AnswerToRecord {
  let done = false;
  return {
    async record() {
      if (done) return;
      await recordAttemptAnswer(db, id, answer);
      done = true;
    },
    alongside: (qc) => attemptAnswerUpdate(qc, id, answer),
    written() {
      done = true;
    },
  };
}

/** The open intent was looked up and found at the origin under `numeroPedido`. */
export async function resolveFound(db: Db, id: string, numeroPedido: string): Promise<void> {
  await db
    .updateTable('origin_order_attempt')
    .set({ numero_pedido: numeroPedido, resolved_at: sql<Date>`now()`, resolution: 'found' })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolution', '=', 'unlisted')]))
    .execute();
}

/** The open intent is settled without a new one: the origin shows no order for it, and the order ends here. */
export async function resolveAbsent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('origin_order_attempt')
    .set({ resolved_at: sql<Date>`now()`, resolution: 'absent' })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .execute();
}

function toAttempt(row: {
  id: string;
  order_id: string;
  started_at: Date;
  answered_at: Date | null;
  outcome: string | null;
  numero_pedido: string | null;
  epoch: number | null;
  resolution: OriginAttemptResolution | null;
}): OriginAttempt {
  return {
    id: row.id,
    orderId: row.order_id,
    startedAt: row.started_at,
    answeredAt: row.answered_at,
    outcome: row.outcome,
    numeroPedido: row.numero_pedido,
    epoch: row.epoch,
    resolution: row.resolution,
  };
}

export async function lastAttempt(db: Db, orderId: string): Promise<OriginAttempt | undefined> {
  const row = await db
    .selectFrom('origin_order_attempt')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toAttempt(row);
}

/** Every attempt of the order, oldest first. */
export async function attemptsOf(db: Db, orderId: string): Promise<OriginAttempt[]> {
  const rows = await db
    .selectFrom('origin_order_attempt')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return rows.map(toAttempt);
}

/** The order's open intent (at most one: migration 0037), if any. */
export async function openIntentOf(db: Db, orderId: string): Promise<OriginAttempt | undefined> {
  const row = await db
    .selectFrom('origin_order_attempt')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : toAttempt(row);
}
