import type { CallOptions, CertificateOutcome, OriginPortal, RecordViewOutcome, SearchOutcome } from '@regapi/origin';
import type { Budget } from '../session/budget';
import { PLACE_OPERATION } from '../session/origin-operations';
import type { TermConfirmation } from '../session/origin-session-client';
import type { TaskContext } from '../tasks/task-context';
import type { OrderInput } from './order-request';
import { type AnswerToRecord, answerToRecord } from './origin-attempts';
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
  /**
   * The answer for the intent, with what it proves, NOT written yet: the caller writes it before anything else, or
   * settles the order with it in one statement (docs/decisions/0179).
   */
  readonly answer: AnswerToRecord;
}

/**
 * Places the order under its open intent `intentId` (committed before, with "attempt started" or by a replacement):
 * one call — the session confirms the leadership by a round trip before it leaves (started ahead with `confirmation`,
 * decision 0178) — and the answer for the intent. An answer that proves nothing leaves the intent open: the caller
 * looks the order up, never places it again on that answer alone.
 */
export async function placeOrder(
  ctx: TaskContext,
  input: OrderInput,
  intentId: string,
  budget: Budget,
  confirmation?: TermConfirmation,
): Promise<Placement> {
  const outcome = await ctx.session.call(
    PLACE_OPERATION[input.fonte],
    (portal, options) => invoke(portal, input, options),
    budget,
    confirmation === undefined ? { retryOnSessionLost: false } : { retryOnSessionLost: false, confirmation },
  );
  const verdict = placementVerdict(outcome);
  const answer = answerToRecord(ctx.db, intentId, {
    at: ctx.clock.now(),
    outcome: outcome.kind,
    numeroPedido: numeroPedidoOf(outcome),
    resolution: verdict === 'in-doubt' ? undefined : verdict,
  });
  return { outcome, verdict, answer };
}
