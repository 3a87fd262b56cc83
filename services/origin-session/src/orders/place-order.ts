import type { CallOptions, CertificateOutcome, OriginPortal, RecordViewOutcome, SearchOutcome } from '@regapi/origin';
import type { Budget } from '../session/budget';
import { PLACE_OPERATION } from '../session/origin-operations';
import type { TaskContext } from '../tasks/task-context';
import type { OrderInput } from './order-request';
import { recordAttemptAnswer } from './origin-attempts';
import { type PlacementVerdict, type PlacingOutcome, placementVerdict } from './placement-verdict';
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

/** The origin's protocol in an answer, when it gave one (stored at once: contract 2.4 "to be kept"). */
export function numeroPedidoOf(outcome: OrderOutcome): string | null {
  switch (outcome.kind) {
    case 'found':
      return outcome.search.numeroPedido;
    case 'nothing-found':
      return 'search' in outcome ? outcome.search.numeroPedido : null;
    case 'delivered':
      return outcome.view.numeroPedido;
    case 'accepted':
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

/** The answer to a placing call and what it proves (docs/decisions/0110). */
export interface Placement {
  readonly outcome: PlacingOutcome;
  readonly verdict: PlacementVerdict;
}

/**
 * Places the order under its open intent `intentId` (committed before, with "attempt started" or by a replacement):
 * one call — the session confirms the leadership by a round trip right before it leaves — and the answer recorded on
 * the intent at once, with what it proves. An answer that proves nothing leaves the intent open: the caller looks the
 * order up, never places it again on that answer alone.
 */
export async function placeOrder(
  ctx: TaskContext,
  input: OrderInput,
  intentId: string,
  budget: Budget,
): Promise<Placement> {
  const outcome = await ctx.session.call(
    PLACE_OPERATION[input.fonte],
    (portal, options) => invoke(portal, input, options),
    budget,
    { retryOnSessionLost: false },
  );
  const verdict = placementVerdict(outcome);
  await recordAttemptAnswer(ctx.db, intentId, {
    at: ctx.clock.now(),
    outcome: outcome.kind,
    numeroPedido: numeroPedidoOf(outcome),
    resolution: verdict === 'in-doubt' ? undefined : verdict,
  });
  return { outcome, verdict };
}
