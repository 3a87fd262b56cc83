import type { Order } from '@regapi/orders';
import type { CallOptions, CertificateOutcome, OriginPortal, RecordViewOutcome, SearchOutcome } from '@regapi/origin';
import type { Budget } from '../session/budget';
import { PLACE_OPERATION } from '../session/origin-operations';
import type { TaskContext } from '../tasks/task-context';
import { findAtOrigin } from './in-doubt';
import { recordNumeroPedido } from './order-outcomes';
import type { OrderInput } from './order-request';
import { recordAttemptAnswer, recordAttemptStart } from './origin-attempts';
import type { OrderOutcome } from './settle-outcome';

/** The call that places the order of `input` at the origin. */
function invoke(
  portal: OriginPortal,
  input: OrderInput,
  options: CallOptions,
): Promise<SearchOutcome | RecordViewOutcome | CertificateOutcome> {
  switch (input.fonte) {
    case 'pesquisa-previa-bens':
      return portal.searchProperties(input.query, options);
    case 'visualizacao-matricula':
      return portal.orderRecordView(input.property, input.finalidade, options);
    case 'certidao-inteiro-teor':
      return portal.orderCertificate(input.property, options);
  }
}

/** The origin's protocol in an answer, when it gave one (stored at once: spec 2.4 "to be kept"). */
export function numeroPedidoOf(outcome: OrderOutcome): string | null {
  switch (outcome.kind) {
    case 'found':
    case 'search':
      return outcome.search.numeroPedido;
    case 'nothing-found':
      return 'search' in outcome ? outcome.search.numeroPedido : null;
    case 'delivered':
    case 'record-view':
      return outcome.view.numeroPedido;
    case 'accepted':
    case 'certificate-open':
    case 'certificate-issued':
      return outcome.certificate.numeroPedido;
    case 'record-view-in-progress':
      return outcome.numeroPedido;
    case 'receipt-error':
      return outcome.numeroPedido;
    default:
      return null;
  }
}

export type Placement =
  /** What the origin answered to the placing call. */
  | { readonly kind: 'answered'; readonly outcome: OrderOutcome }
  /** The session died under the call but the origin shows the order: continue from its protocol. */
  | { readonly kind: 'found'; readonly numeroPedido: string; readonly outcome?: OrderOutcome };

/**
 * Places the order (the attempt row `attemptId` was written before, with "attempt started"). A session lost under
 * the call is the one answer that leaves the order in doubt while the origin DID answer: its work on the call is over,
 * so after a new login the listing is conclusive — found, the order continues from its protocol; not found, it is
 * placed once more (ARCHITECTURE decision 1). A certificate cannot be listed; placing it again is still safe: the
 * origin refuses a repeat of the same record and office (spec 3), which then reads as a lost protocol (605).
 */
export async function placeOrder(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  firstAttemptId: string,
  budget: Budget,
): Promise<Placement> {
  let attemptId = firstAttemptId;
  let startedAt = ctx.clock.now();
  for (let round = 0; ; round++) {
    const outcome = await ctx.session.call(
      PLACE_OPERATION[input.fonte],
      (portal, options) => invoke(portal, input, options),
      budget,
      { retryOnSessionLost: false },
    );
    const numeroPedido = numeroPedidoOf(outcome);
    await recordAttemptAnswer(ctx.db, attemptId, { at: ctx.clock.now(), outcome: outcome.kind, numeroPedido });
    if (outcome.kind !== 'session-lost' || round >= 1) return { kind: 'answered', outcome };

    const relogin = await ctx.session.relogin(budget);
    if (relogin.kind !== 'logged-in') return { kind: 'answered', outcome: relogin };
    const sighting = await findAtOrigin(ctx, order, input, startedAt, budget);
    if (sighting.kind === 'found') {
      await ctx.db.transaction().execute((trx) => recordNumeroPedido(trx, order, sighting.numeroPedido));
      const seen: OrderOutcome | undefined =
        sighting.search === undefined ? undefined : { kind: 'search', search: sighting.search };
      return seen === undefined
        ? { kind: 'found', numeroPedido: sighting.numeroPedido }
        : { kind: 'found', numeroPedido: sighting.numeroPedido, outcome: seen };
    }
    if (sighting.kind === 'failed') return { kind: 'answered', outcome };
    ctx.logger.info({ order_id: order.id }, 'the lost session had placed nothing: placing the order again');
    startedAt = ctx.clock.now();
    attemptId = await recordAttemptStart(ctx.db, { orderId: order.id, fonte: input.fonte, at: startedAt });
  }
}
