import type { OrderStateColumn } from '@regapi/db';

/**
 * Internal states of an order. What a client sees is derived from them (queue `estado` `processando` until
 * `finished`; the certificate's `status_consulta` `EM_EMISSAO` while `awaiting_issue`).
 * - queued: accepted and paid, waiting its turn on the origin queue (possibly deferred by the hourly ceiling).
 * - running: an attempt at the origin started (recorded BEFORE calling it: a redelivered order found here is in doubt).
 *   A record view 605 the reconciliation found at the origin is `running` again while it is fetched (`reopen`).
 * - awaiting_issue: the certificate was ordered; the office issues it in registry business hours (contract 3).
 * - archiving: the origin delivered a document; the archive stores it before the order shows SUCESSO.
 * - finished: a result code is stored; the billing settlement follows from it.
 */
export type OrderState = OrderStateColumn;

export const ORDER_STATES: readonly OrderState[] = ['queued', 'running', 'awaiting_issue', 'archiving', 'finished'];

/** Every transition, by name: the states it may start from and the state it ends in. The one copy of the rules. */
export const TRANSITIONS = {
  /** The hourly ceiling (contract 8) postpones the run; the order waits in order, not failed, not charged again. */
  defer: { from: ['queued'], to: 'queued' },
  /**
   * The first intent at the origin, from `queued` only: an order already running is in doubt and goes on through
   * `resumeInDoubt` (docs/decisions/0110), never through a second start.
   */
  startAttempt: { from: ['queued'], to: 'running' },
  /** Another round of in-doubt resolution of a running order (its intent's outcome at the origin is unknown). */
  resumeInDoubt: { from: ['running'], to: 'running' },
  /** The origin's protocol of a running order, kept the moment it is known (never two origin orders for one protocolo). */
  recordProtocol: { from: ['running'], to: 'running' },
  awaitIssue: { from: ['running'], to: 'awaiting_issue' },
  deliverDocument: { from: ['running', 'awaiting_issue'], to: 'archiving' },
  finish: { from: ['queued', 'running', 'awaiting_issue', 'archiving'], to: 'finished' },
  /**
   * A finished result revised: a provisional search closed by the origin (contract 2.4 `provisorio`); a record view 605
   * the reconciliation did not find, whose reply then says nothing was charged by the registry (contract 3).
   */
  revise: { from: ['finished'], to: 'finished' },
  /**
   * A record view finished 605 that the reconciliation found at the origin (contract 3: "protocol found → delivered"): it
   * runs again from its origin protocol, and its document goes through the archive like any delivery. Only the
   * reconciler asks for it, and only for a record view whose code is 605 (docs/decisions/0036).
   */
  reopen: { from: ['finished'], to: 'running' },
} as const satisfies Record<string, { from: readonly OrderState[]; to: OrderState }>;

export type TransitionName = keyof typeof TRANSITIONS;

/**
 * The transitions that replace a result the client may already have read as finished: each adds one to the order's
 * `revisao` and stamps `revisado_em` (docs/decisions/0051). `reopen` counts: the finished 605 is gone, and the delivery
 * that follows is that revision's result.
 */
export const REVISING_TRANSITIONS: ReadonlySet<TransitionName> = new Set<TransitionName>(['revise', 'reopen']);

export function canTransition(name: TransitionName, from: OrderState): boolean {
  return (TRANSITIONS[name].from as readonly OrderState[]).includes(from);
}
