import { ufTimeZone } from '@regapi/br';
import { type DeliveredDocument, scheduleMessage } from '@regapi/bus';
import { certificateForecast, formatCivilDate } from '@regapi/calendar';
import { findOffice, setProductEnabled } from '@regapi/catalog';
import { type Fonte, isFonte, type ResultCode, resultClassOf } from '@regapi/contracts';
import {
  failureResultData,
  finishOrder,
  firstOfficeDayFrom,
  type Order,
  type OrderEnd,
  type OrderResultBody,
  setNextRevision,
} from '@regapi/orders';
import type {
  CertificateAccepted,
  CertificateIssued,
  CertificateOutcome,
  CheckOrderOutcome,
  PropertySearch,
  RecordView,
  RecordViewOutcome,
  SearchOutcome,
} from '@regapi/origin';
import type { ProductOutage } from '../alerts/alerts';
import { type OutcomeEffect, outcomeCode } from '../outcome-to-code';
import {
  certificateInIssueData,
  certificateIssuedData,
  certificateUnavailableData,
} from '../results/certificate-result';
import { recordViewResultData } from '../results/record-view-result';
import { searchResultData } from '../results/search-result';
import type { LoginFailure } from '../session/origin-session-client';
import type { TaskContext } from '../tasks/task-context';
import { CHECK_REASONS, checkOrderTask } from '../tasks/task-messages';
import { markOfficeOutOfService, OFFICE_OUT_NOTE } from './office-outage';
import { awaitCertificateIssue, deliverOrderDocuments, recordNumeroPedido, scheduleRunOrder } from './order-outcomes';
import type { OrderInput } from './order-request';
import type { AnswerToRecord } from './origin-attempts';
import { recordRegistryCharge } from './registry-charge';

/** Everything a run or a check of an order can end with. */
export type OrderOutcome =
  | SearchOutcome
  | RecordViewOutcome
  | CertificateOutcome
  | CheckOrderOutcome
  | LoginFailure
  | { readonly kind: 'timeout'; readonly by: 'caller' };

export interface SettleOptions {
  readonly input: OrderInput;
  /** The outcome comes from re-placing an in-doubt order: a "repeated order" then means OUR first one (605). */
  readonly inDoubt: boolean;
  /**
   * The placing call's answer, not written yet: written first, or — for a search delivered in one statement — by that
   * statement, atomically with the order's next state (docs/decisions/0179).
   */
  readonly answer?: AnswerToRecord;
}

/** What became of the order, for logs and tests. */
export type Settled =
  | { readonly kind: 'delivered'; readonly code: ResultCode }
  | { readonly kind: 'finished'; readonly code: ResultCode }
  | { readonly kind: 'awaiting-issue' }
  | { readonly kind: 'in-progress' }
  | { readonly kind: 'unchanged' };

/**
 * Turns what the origin answered into the order's next state, with its `data[0]` and its message (contract 2.4-2.6,
 * 7.3), in one transaction. A permanent code reported by the origin about the product also takes the product out of
 * service in that transaction (the human is notified after it commits); one office out of service marks only that
 * office (issue 12).
 */
export async function settleOutcome(
  ctx: TaskContext,
  order: Order,
  outcome: OrderOutcome,
  options: SettleOptions,
): Promise<Settled> {
  const { answer } = options;
  // A search delivered writes the answer itself (deliverSearch); every other settle writes it first.
  const delivered = outcome.kind === 'found' || (outcome.kind === 'nothing-found' && 'search' in outcome);
  if (!delivered) await answer?.record();
  await recordRegistryCharge(ctx.db, order, outcome, ctx.clock.now());
  switch (outcome.kind) {
    case 'found':
      return deliverSearch(ctx, order, outcome.search, answer);
    case 'nothing-found':
      if ('search' in outcome) return deliverSearch(ctx, order, outcome.search, answer);
      return finishFailure(ctx, order, outcome, options);
    case 'delivered':
      return deliverRecordView(ctx, order, outcome.view);
    case 'record-view-in-progress':
      await ctx.db.transaction().execute(async (trx) => {
        if (order.numeroPedido === null) await recordNumeroPedido(trx, order, outcome.numeroPedido);
        await scheduleRunOrder(trx, order, new Date(ctx.clock.now().getTime() + ctx.settings.recheckMs));
      });
      return { kind: 'in-progress' };
    case 'accepted':
      return awaitIssue(ctx, order, outcome.certificate, options.input);
    case 'certificate-issued':
      return deliverCertificate(ctx, order, outcome.certificate);
    case 'accepted-without-protocol':
      return finishWith(ctx, order, 618, {
        statusConsulta: 'INDISPONIVEL',
        result: certificateUnavailableData(outcome.message),
        numeroPedido: null,
      });
    default:
      return finishFailure(ctx, order, outcome, options);
  }
}

async function deliverSearch(
  ctx: TaskContext,
  order: Order,
  search: PropertySearch,
  answer?: AnswerToRecord,
): Promise<Settled> {
  const result = searchResultData(search);
  const code: ResultCode = search.rows.length > 0 ? 200 : 612;
  const at = ctx.clock.now();
  const end: OrderEnd = {
    code,
    statusConsulta: null,
    result,
    siteReceipts: result.site_receipts,
    numeroPedido: search.numeroPedido,
    at,
  };
  const receipt: DeliveredDocument = { kind: 'comprovante', url: search.receiptUrl, expires_at: null };
  // The delivery alone is one statement, with no transaction around it (docs/decisions/0173: the path between one
  // origin answer and the next call), which writes the placing call's answer too (0179); the follow-up of a
  // provisional result commits with the delivery, after the answer written first.
  if (!search.coverage.retriesPendentes) {
    const applied = await deliverOrderDocuments(ctx.db, order, end, [receipt], answer);
    return applied ? { kind: 'delivered', code } : { kind: 'unchanged' };
  }
  await answer?.record();
  const applied = await ctx.db.transaction().execute(async (trx) => {
    const done = await deliverOrderDocuments(trx, order, end, [receipt]);
    // Contract 2.4: a provisional result is revised when the origin closes the search; the follow-up lives in PostgreSQL.
    if (done) {
      const task = checkOrderTask(order, CHECK_REASONS.searchRetries, 1);
      const dueAt = new Date(at.getTime() + ctx.settings.searchRecheckMs);
      await scheduleMessage(trx, {
        routingKey: task.routingKey,
        payload: task.payload,
        dueAt,
        dedupeKey: `check-order:${order.id}`,
      });
      // What the poll tells the client: when to look for the revision (docs/decisions/0051).
      await setNextRevision(trx, order.id, dueAt);
    }
    return done;
  });
  return applied ? { kind: 'delivered', code } : { kind: 'unchanged' };
}

async function deliverRecordView(ctx: TaskContext, order: Order, view: RecordView): Promise<Settled> {
  const result = recordViewResultData(view, order.priceCentavos);
  return deliverSuccess(ctx, order, result, view.numeroPedido, {
    kind: 'visualizacao',
    url: view.document.url,
    expires_at: view.document.expiresAt,
  });
}

/** A delivered document ends SUCESSO through the archive: the order waits in `archiving` (decision 0022). */
async function deliverSuccess(
  ctx: TaskContext,
  order: Order,
  result: OrderResultBody & { readonly site_receipts: readonly string[] },
  numeroPedido: string | null,
  document: DeliveredDocument,
): Promise<Settled> {
  const end: OrderEnd = {
    code: 200,
    statusConsulta: 'SUCESSO',
    result,
    siteReceipts: result.site_receipts,
    numeroPedido,
    at: ctx.clock.now(),
  };
  const applied = await deliverOrderDocuments(ctx.db, order, end, [document]);
  return applied ? { kind: 'delivered', code: 200 } : { kind: 'unchanged' };
}

async function awaitIssue(
  ctx: TaskContext,
  order: Order,
  certificate: CertificateAccepted,
  input: OrderInput,
): Promise<Settled> {
  if (order.state !== 'running') return { kind: 'unchanged' };
  const timeZone = await officeTimeZone(ctx, input);
  // Contract 2.6: the forecast in registry business hours, in the OFFICE's time zone (libs/calendar, the one copy); the
  // sandbox's simulator says exactly when it issues (decision 0099).
  const forecast = ctx.settings.forecastFromOrigin
    ? new Date(certificate.previsaoEntregaEm)
    : certificateForecast(new Date(certificate.aceitoEm), timeZone);
  const term = ctx.settings.forecastFromOrigin ? 'origin-forecast' : 'registry-business-hours';
  const result = certificateInIssueData(certificate.numeroPedido, forecast, timeZone, term);
  await ctx.db.transaction().execute(async (trx) => {
    const applied = await awaitCertificateIssue(trx, order, certificate.numeroPedido, result);
    if (!applied) return;
    // The first check, at the forecast, so nothing is lost; the certificate watch after it is the reconciler's.
    const task = checkOrderTask(order, CHECK_REASONS.certificateIssue, 1);
    await scheduleMessage(trx, {
      routingKey: task.routingKey,
      payload: task.payload,
      dueAt: forecast,
      dedupeKey: `certificate-check:${order.id}`,
    });
  });
  return { kind: 'awaiting-issue' };
}

async function deliverCertificate(ctx: TaskContext, order: Order, certificate: CertificateIssued): Promise<Settled> {
  const result = certificateIssuedData(certificate, previousForecast(order));
  return deliverSuccess(ctx, order, result, certificate.numeroPedido, {
    kind: 'certidao',
    url: certificate.document.url,
    expires_at: certificate.document.expiresAt,
  });
}

async function finishFailure(
  ctx: TaskContext,
  order: Order,
  outcome: { readonly kind: OrderOutcome['kind'] } & Partial<{
    numeroPedido: string | null;
    aceitaAPartirDe: string;
    message: string;
  }>,
  options: SettleOptions,
): Promise<Settled> {
  const mapped = outcomeCode(outcome);
  // Every kind reaching here is mapped (the table is exhaustive); an unmapped one would be a protocol defect.
  let code: ResultCode = mapped?.code ?? 606;
  let effect: OutcomeEffect = mapped?.effect ?? 'none';
  let note: string | undefined;
  if (outcome.kind === 'repeated-order') {
    const date = await originBlockDay(ctx, options.input, outcome.aceitaAPartirDe);
    note = date === undefined ? undefined : `Pedido igual em vigor na origem; aceito novamente a partir de ${date}.`;
    if (options.inDoubt) {
      // Our own first order went through and its protocol was lost with the crash (contract 3: 605, refunded).
      code = 605;
      effect = 'none';
      note = 'O pedido anterior deste protocolo foi aceito pela origem, mas seu número se perdeu.';
    }
  }
  if (effect === 'office-out-of-service') note = OFFICE_OUT_NOTE;
  const numeroPedido = typeof outcome.numeroPedido === 'string' ? outcome.numeroPedido : null;
  const fonte = fonteOf(order);
  const at = ctx.clock.now();
  let outageChanged = false;
  const end: OrderEnd = {
    code,
    statusConsulta: null,
    result: failureResultData(fonte, code, { numeroPedido, ...(note === undefined ? {} : { note }) }),
    siteReceipts: [],
    numeroPedido,
    at,
  };
  const productOut = effect === 'product-out-of-service' && ctx.settings.outageTakesProductOut;
  const officeOut = effect === 'office-out-of-service';
  // An end with no effect beside it is one statement, with no transaction around it (docs/decisions/0173).
  const applied =
    !productOut && !officeOut
      ? await finishOrder(ctx.db, order, end)
      : await ctx.db.transaction().execute(async (trx) => {
          const done = await finishOrder(trx, order, end);
          if (done && productOut) {
            const reason = `origin answered ${outcome.kind} (${code}) on order ${order.protocolo}`;
            outageChanged = (await setProductEnabled(trx, fonte, false, reason, at)).changed;
          }
          if (done && officeOut) await markOfficeOutOfService(ctx, trx, order, options.input, at);
          return done;
        });
  if (outageChanged) {
    const alert: ProductOutage = {
      fonte,
      code,
      outcome: outcome.kind,
      protocolo: order.protocolo,
      orderId: order.id,
      at,
    };
    ctx.alerts.productOutOfService(alert);
  }
  if (applied) countFinished(ctx, fonte, code);
  return applied ? { kind: 'finished', code } : { kind: 'unchanged' };
}

/** Finishes with a code chosen by the caller (not by the origin's answer): no outage can follow. */
export async function finishWith(
  ctx: TaskContext,
  order: Order,
  code: ResultCode,
  end: { statusConsulta: string | null; result?: OrderResultBody; numeroPedido: string | null; note?: string },
): Promise<Settled> {
  const fonte = fonteOf(order);
  const applied = await finishOrder(ctx.db, order, {
    code,
    statusConsulta: end.statusConsulta,
    result:
      end.result ??
      failureResultData(fonte, code, {
        numeroPedido: end.numeroPedido,
        ...(end.note === undefined ? {} : { note: end.note }),
      }),
    siteReceipts: [],
    numeroPedido: end.numeroPedido,
    at: ctx.clock.now(),
  });
  if (applied) countFinished(ctx, fonte, code);
  return applied ? { kind: 'finished', code } : { kind: 'unchanged' };
}

/** After the commit, and only when this finish applied (a redelivery that finds the order finished counts nothing). */
function countFinished(ctx: TaskContext, fonte: Fonte, code: ResultCode): void {
  ctx.metrics.orderFinished(fonte, String(code), resultClassOf(code));
}

function fonteOf(order: Order): Fonte {
  // Orders are created with a checked fonte (migration 0006); anything else is a corrupted row.
  if (!isFonte(order.fonte)) throw new Error(`order ${order.id} has an unknown fonte ${order.fonte}`);
  return order.fonte;
}

/**
 * The origin's "accepted again from" instant as the office's day (`AAAA-MM-DD`, the first that starts at or after it):
 * the instant would tell this client when someone else ordered the record (docs/decisions/0048).
 */
async function originBlockDay(
  ctx: TaskContext,
  input: OrderInput,
  at: string | undefined,
): Promise<string | undefined> {
  const instant = at === undefined ? undefined : new Date(at);
  if (instant === undefined || Number.isNaN(instant.getTime())) return undefined;
  return formatCivilDate(firstOfficeDayFrom(instant, await officeTimeZone(ctx, input)));
}

async function officeTimeZone(ctx: TaskContext, input: OrderInput): Promise<string> {
  if (input.fonte === 'pesquisa-previa-bens') return ufTimeZone(input.query.uf);
  const { property } = input;
  const office = await findOffice(ctx.db, {
    uf: property.cartorioUf,
    municipio: property.cartorioMunicipio,
    numero: property.cartorioNumero,
  });
  // The catalog knows the offices in another zone than their UF's (Eirunepé, Santarém); otherwise the UF's zone.
  return office?.timeZone ?? ufTimeZone(property.cartorioUf);
}

function previousForecast(order: Order): string | null {
  return order.result?.fonte === 'certidao-inteiro-teor' ? (order.result.data.previsao_entrega_em ?? null) : null;
}
