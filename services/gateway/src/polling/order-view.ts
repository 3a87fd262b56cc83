import {
  centavosToReais,
  type DataItem,
  type EnvelopeInput,
  finishedResultMessage,
  isFonte,
  isRefunded,
  isResultCode,
  moneyOutcomeOfFinished,
  withResultStatusNote,
} from '@regapi/contracts';
import type { OrderCharge } from '@regapi/ledger';
import { type PolledOrder, scaledMs, storedForecast } from '@regapi/orders';
import { queueAck, secondsUntil } from '../executions/acceptance-answers';

/** A running order past its typical time, or one whose document is being archived: look again soon. */
export const SHORT_WAIT_S = 5;
/** A certificate past its forecast: the watch re-checks it, so a poll more often than this learns nothing. */
export const CERTIFICATE_WAIT_S = 900;

/** `seconds` from `now` on the environment's clock (docs/decisions/0136: the sandbox's runs `timeScale` as fast). */
export function waitFrom(now: Date, seconds: number, timeScale: number): Date {
  return new Date(now.getTime() + scaledMs(seconds * 1000, timeScale));
}

export interface PollingAnswer {
  readonly status: 200 | 202;
  readonly envelope: Omit<EnvelopeInput<DataItem>, 'requestId'>;
}

/** `cobranca` (contract 2.1): what was debited and what came back, from the ledger. */
function cobranca(order: PolledOrder, charge: OrderCharge): DataItem {
  const refundDue = order.code !== null && isResultCode(order.code) && isRefunded(order.code);
  return {
    debitado: centavosToReais(charge.debitedCentavos),
    estornado: centavosToReais(charge.refundedCentavos),
    estornado_em: charge.refundedAt?.toISOString() ?? null,
    motivo: charge.refundReason,
    // The refund is billing's, right after the order ends: for a moment the result is known and the refund not yet.
    estorno_pendente: refundDue && charge.refundedCentavos < charge.debitedCentavos,
  };
}

/**
 * Whether and when a finished result may still change (docs/decisions/0051): `revisao` and `revisado_em` on every
 * finished result; while a search is `provisorio`, `consultar_daqui_s` until its next revision is due (a few seconds
 * after it, the check runs through the origin queue), or null when none is scheduled (it stays provisional).
 */
function revisionFields(order: PolledOrder, now: Date, timeScale: number): DataItem {
  const fields: DataItem = { revisao: order.revisao, revisado_em: order.revisadoEm?.toISOString() ?? null };
  const provisional = order.result?.fonte === 'pesquisa-previa-bens' && order.result.data.provisorio === true;
  if (!provisional) return fields;
  const due = order.proximaRevisaoEm;
  if (due === null) return { ...fields, consultar_daqui_s: null };
  const at = due > now ? due : now;
  return { ...fields, consultar_daqui_s: secondsUntil(waitFrom(at, SHORT_WAIT_S, timeScale), now) };
}

/**
 * The finished order (contract 2.4-2.6 + `aceite` + `cobranca`), HTTP 200 with the result in `code` (contract 7.2).
 * `timeScale`: the environment's clock (decision 0136), 1 in production.
 */
export function finishedAnswer(order: PolledOrder, charge: OrderCharge, now: Date, timeScale = 1): PollingAnswer {
  const code = order.code ?? 606;
  const message = finishedMessage(order, code, charge);
  return {
    status: 200,
    envelope: {
      code,
      codeMessage: code === 200 ? message : withResultStatusNote(message),
      billable: false,
      priceCentavos: 0,
      // `fonte` first: a typed client narrows the result's shape by it (decision 0061).
      data: [
        {
          fonte: order.fonte,
          ...order.result?.data,
          ...revisionFields(order, now, timeScale),
          referencia: order.referencia,
          aceite: order.aceite,
          cobranca: cobranca(order, charge),
        },
      ],
      siteReceipts: order.siteReceipts,
    },
  };
}

/**
 * `code_message` of a finished order: the one table's text for what happened to ITS money (libs/contracts
 * result-messages), read from the ledger — a record view 605 refunded in full is the reconciliation's "not found".
 */
function finishedMessage(order: PolledOrder, code: number, charge: OrderCharge): string {
  if (!isResultCode(code) || !isFonte(order.fonte)) return 'Consulta concluída.';
  const refundedInFull = charge.debitedCentavos > 0 && charge.refundedCentavos >= charge.debitedCentavos;
  const money = moneyOutcomeOfFinished(code, order.fonte, refundedInFull ? 'not_found' : 'pending');
  return finishedResultMessage(code, order.fonte, money);
}

const RUNNING_MESSAGE = 'Em processamento: consulte novamente depois de data[0].consultar_daqui_s segundos.';

/**
 * An order still running (contract 3: `processando`, HTTP 202): the queue fields with a fresh `consultar_daqui_s`. A
 * certificate being issued also shows its EM_EMISSAO fields (contract 2.6: protocol, term and forecast).
 */
export function runningAnswer(order: PolledOrder, readyAt: Date, now: Date): PollingAnswer {
  // A certificate in issue shows its result so far (decision 0028); any other running order has none.
  const result =
    order.state === 'awaiting_issue' && order.result?.fonte === 'certidao-inteiro-teor' ? order.result.data : {};
  const message = typeof result.mensagem === 'string' ? `${result.mensagem} ${RUNNING_MESSAGE}` : RUNNING_MESSAGE;
  return {
    status: 202,
    envelope: {
      code: 202,
      codeMessage: message,
      billable: false,
      priceCentavos: 0,
      data: [
        {
          ...queueAck(order.protocolo, secondsUntil(readyAt, now)),
          fonte: order.fonte,
          referencia: order.referencia,
          ...result,
        },
      ],
    },
  };
}

/**
 * When a certificate in issue is worth asking about again: its forecast, or the watch's pace once past it (on the
 * environment's clock: decision 0136).
 */
export function certificateReadyAt(order: PolledOrder, now: Date, timeScale = 1): Date {
  const at = storedForecast(order.result);
  if (at !== undefined && at > now) return at;
  return waitFrom(now, CERTIFICATE_WAIT_S, timeScale);
}
