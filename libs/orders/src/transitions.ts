import {
  type EnqueueMessageInput,
  enqueueMessage,
  type OrderRevised,
  orderRevisedRoutingKey,
  outboxRow,
  REQUEST_ID_HEADER,
} from '@regapi/bus';
import type { Database } from '@regapi/db';
import { type Kysely, type QueryCreator, sql, type Updateable, type UpdateQueryBuilder } from 'kysely';
import { InvalidTransitionError, OrderNotFoundError } from './errors';
import { type Order, toOrder } from './order';
import { type OrderState, REVISING_TRANSITIONS, TRANSITIONS, type TransitionName } from './order-state';

export type OrderChanges = Omit<
  Updateable<Database['orders']>,
  'state' | 'id' | 'protocolo' | 'account_id' | 'updated_at' | 'revisao'
>;

/**
 * A write of the caller's own that the transition's first statement makes too, whether or not the transition applies
 * (a data-modifying CTE always runs): origin-session's record of the origin's answer beside the order's settle
 * (docs/decisions/0179). Built by the caller from the statement's QueryCreator; never repeated by a retry.
 */
export type AlongsideWrite = (
  qc: QueryCreator<Database>,
) => UpdateQueryBuilder<Database, AlongsideTable, AlongsideTable, { readonly id: string }>;

/** The tables a transition's statement may write beside the order (each such write is a decision of its own). */
export type AlongsideTable = 'origin_order_attempt';

export interface TransitionOptions {
  readonly alongside?: AlongsideWrite;
}

export type TransitionResult =
  /** The update happened (and its messages were enqueued). */
  | { readonly applied: true; readonly order: Order; readonly from: OrderState }
  /** The order was already past it (a redelivered message): nothing changed, nothing enqueued. */
  | { readonly applied: false; readonly order: Order };

/**
 * The one way an order changes state (architecture rule 2): a guarded UPDATE (`WHERE state IN from`) with the messages
 * it causes written to the outbox atomically with it. A transition that cannot apply because the order already reached
 * a later point is a no-op (consumers see redeliveries); anything else is an InvalidTransitionError.
 *
 * One statement when it applies (docs/decisions/0171): under READ COMMITTED a racing transaction waits on the row
 * and re-evaluates the guard on the version that committed, so of two racers one applies and the other finds the
 * later state. Only when nothing was updated is the row read, locked, to tell not found, already past and refused.
 * A transition with one message writes it in that same statement (docs/decisions/0173), so it needs no transaction of
 * its own: `db` may be the caller's transaction, or the database when the transition is all the caller writes (it
 * then opens one only where it needs two statements — a revision, several messages, or nothing updated).
 */
export async function transition(
  db: Kysely<Database>,
  orderId: string,
  name: TransitionName,
  changes: OrderChanges,
  messages: readonly EnqueueMessageInput[] = [],
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const inOneStatement = messages.length <= 1 && !REVISING_TRANSITIONS.has(name);
  if (!db.isTransaction && !inOneStatement) {
    return db.transaction().execute((trx) => transition(trx, orderId, name, changes, messages, options));
  }
  const rule = TRANSITIONS[name];
  const from = rule.from as readonly OrderState[];
  // One message goes into the update's statement; several keep their order as statements of their own.
  const folded = messages.length === 1 ? messages[0] : undefined;
  let row = await guardedUpdate(db, orderId, name, changes, folded, options.alongside);
  if (row === undefined) {
    // The rare path: the order read under its lock, which only a transaction keeps until the update. The alongside
    // write ran in the first statement already: not repeated.
    if (!db.isTransaction) return db.transaction().execute((trx) => transition(trx, orderId, name, changes, messages));
    const current = await db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (current === undefined) throw new OrderNotFoundError(orderId);
    if (!from.includes(current.state)) {
      if (isPast(current.state, rule.to)) return { applied: false, order: toOrder(current) };
      throw new InvalidTransitionError(orderId, name, current.state);
    }
    // It came back to a state this transition starts from between the two statements (a `reopen`); the row is
    // locked now, so the guard holds.
    row = await guardedUpdate(db, orderId, name, changes, folded);
    if (row === undefined) throw new InvalidTransitionError(orderId, name, current.state);
  }
  const { from_state: before, ...updated } = row;
  if (folded === undefined) for (const message of messages) await enqueueMessage(db, message);
  const order = toOrder(updated);
  // A result replaced is a fact for the account (its webhooks, decision 0093): published with the revision, here.
  if (REVISING_TRANSITIONS.has(name)) await enqueueMessage(db, revisedMessage(order));
  return { applied: true, order, from: before };
}

/**
 * The update when the order is in a state `name` starts from; its row and its state before (PostgreSQL 18 `old`). With
 * `message`, its outbox row is inserted by the same statement, only if the update happened; with `alongside`, the
 * caller's write is made by the same statement whether or not it happened.
 */
function guardedUpdate(
  db: Kysely<Database>,
  orderId: string,
  name: TransitionName,
  changes: OrderChanges,
  message?: EnqueueMessageInput,
  alongside?: AlongsideWrite,
) {
  const update = (qc: QueryCreator<Database>) =>
    guardedUpdateQuery(qc, orderId, name, changes)
      .returningAll()
      .returning(sql<OrderState>`old.state`.as('from_state'));
  if (message === undefined && alongside === undefined) return update(db).executeTakeFirst();
  // Kysely types each WITH chain apart: the caller's write first, so the rest is built once.
  const base = alongside === undefined ? db : db.with('alongside', alongside);
  const changed = base.with('changed', update);
  if (message === undefined) return changed.selectFrom('changed').selectAll().executeTakeFirst();
  const { row } = outboxRow(message);
  return changed
    .with('message', (qc) =>
      qc
        .insertInto('outbox')
        .columns(['id', 'routing_key', 'payload', 'headers'])
        .expression(
          qc
            .selectFrom('changed')
            .select([
              sql<string>`${row.id}::uuid`.as('id'),
              sql<string>`${row.routing_key}::text`.as('routing_key'),
              sql<string>`${row.payload}::jsonb`.as('payload'),
              sql<string>`${row.headers}::jsonb`.as('headers'),
            ]),
        )
        .returning('outbox.id'),
    )
    .selectFrom('changed')
    .selectAll()
    .executeTakeFirst();
}

/** The transitions that write no message of their own: the only ones a caller may fold into a statement of its own. */
export type SilentTransitionName = Exclude<TransitionName, 'revise' | 'reopen'>;

/**
 * A transition's guarded UPDATE, not executed, for a caller that makes it part of ONE statement with writes of its own
 * (a data-modifying CTE: origin-session's "attempt started" with its intent, docs/decisions/0173) — the same guard and
 * the same changes as `transition`, so the rules stay here. Only for a transition that writes no message of its own and
 * whose caller writes none; the caller adds its own conditions and tells "did not apply" from the rows it got back.
 */
export function transitionUpdateQuery(
  db: QueryCreator<Database>,
  orderId: string,
  name: SilentTransitionName,
  changes: OrderChanges,
) {
  return guardedUpdateQuery(db, orderId, name, changes);
}

function guardedUpdateQuery(db: QueryCreator<Database>, orderId: string, name: TransitionName, changes: OrderChanges) {
  const rule = TRANSITIONS[name];
  const now = new Date();
  // A finished result replaced: counted and stamped here, the one place it happens (docs/decisions/0051).
  const revision = REVISING_TRANSITIONS.has(name)
    ? { revisao: sql<number>`revisao + 1`, revisado_em: changes.revisado_em ?? now }
    : {};
  return db
    .updateTable('orders')
    .set({ ...changes, ...revision, state: rule.to, updated_at: now })
    .where('id', '=', orderId)
    .where('state', 'in', rule.from);
}

const PROGRESS: Record<OrderState, number> = { queued: 0, running: 1, awaiting_issue: 2, archiving: 3, finished: 4 };

/** `state` is at or beyond `target`: the transition towards `target` already happened. */
function isPast(state: OrderState, target: OrderState): boolean {
  return PROGRESS[state] >= PROGRESS[target];
}

function revisedMessage(order: Order): EnqueueMessageInput {
  const payload: OrderRevised = {
    order_id: order.id,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    code: order.code,
    status_consulta: order.statusConsulta,
    revisao: order.revisao,
    revised_at: (order.revisadoEm ?? order.updatedAt).toISOString(),
  };
  return {
    routingKey: orderRevisedRoutingKey(order.fonte),
    payload,
    headers: { [REQUEST_ID_HEADER]: order.requestId },
  };
}
