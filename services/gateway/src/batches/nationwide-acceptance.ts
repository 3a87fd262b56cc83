import { centavosToReais, type DataItem, envelope, type PesquisaNacionalRequest } from '@regapi/contracts';
import type { AuthContext } from '../auth/auth-context';
import { type AcceptanceDeps, type AcceptanceOutcome, refusedUnderKey, replayOf } from '../executions/acceptance';
import { pollingPath } from '../executions/acceptance-answers';
import { findStoredAnswer, type KeyRef } from '../executions/idempotency/idempotency-store';
import { acceptPlannedBatch, BATCH_FONTE, planBatch } from './batch-acceptance';
import { computeNationwideQuote, nationwideQuoteAnswer } from './nationwide-quote';

export interface NationwideInput {
  readonly caller: AuthContext;
  readonly body: PesquisaNacionalRequest;
  /** The validated `Idempotency-Key`, lowercase. */
  readonly key: string;
  /** `requestFingerprint` of the call (its path is the nationwide one: a one-UF key never replays here). */
  readonly fingerprint: string;
  readonly requestId: string;
}

/** The path of a batch's combined view. */
export function batchPath(lote: string): string {
  return `/v1/lotes/${lote}`;
}

export const BATCH_ACCEPTED_MESSAGE =
  'Pesquisa nacional aceita e debitada: um pedido e uma cobrança por UF ofertada (data[0].pedidos). Consulte o lote em data[0].consultar_em depois de data[0].consultar_daqui_s segundos.';

/**
 * `POST /v1/consultas/pesquisa-previa-bens/nacional` after auth, scope and validation (issue 16; docs/decisions/0087):
 * the idempotency lookup → the nationwide quote (only the UFs offered) → protocolos and queue estimates → ONE
 * transaction (`acceptPlannedBatch`, shared with the many-targets batch): one order and one debit per UF. A balance
 * that does not cover the SUM refuses the whole batch: nothing is charged, the key stays free.
 */
export async function acceptNationwide(deps: AcceptanceDeps, input: NationwideInput): Promise<AcceptanceOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const { accountId } = input.caller;
  const ref: KeyRef = { accountId, key: input.key };
  const stored = await findStoredAnswer(db, ref, now);
  if (stored !== undefined) return replayOf(stored, input.fingerprint);

  const plan = await deps.planOf(accountId);
  const quote = await computeNationwideQuote(db, plan, input.body);
  if (!quote.ok) {
    const answer = nationwideQuoteAnswer(quote);
    const refusal = { kind: 'unavailable', codeMessage: answer.codeMessage, item: answer.item } as const;
    return refusedUnderKey(deps, { ref, fingerprint: input.fingerprint }, refusal, now);
  }

  const items = quote.offered.map((offered) => ({
    uf: offered.uf,
    request: { ...input.body, uf: offered.uf },
    price: offered.price,
  }));
  const batch = await planBatch(deps, items, input.requestId, now);
  const response = envelope({
    code: 202,
    codeMessage: BATCH_ACCEPTED_MESSAGE,
    requestId: input.requestId,
    billable: true,
    priceCentavos: quote.totalCentavos,
    data: [
      {
        lote: batch.lote,
        fonte: BATCH_FONTE,
        abrangencia: 'nacional',
        estado: 'processando',
        consultar_em: batchPath(batch.lote),
        consultar_daqui_s: batch.consultarDaquiS,
        pedidos: batch.orders.map((order) => ({
          uf: order.item.uf,
          protocolo: order.protocolo,
          consultar_em: pollingPath(order.protocolo),
          consultar_daqui_s: order.consultarDaquiS,
          preco: centavosToReais(order.item.price.totalCentavos),
        })),
        ufs_nao_ofertadas: quote.excluded.map((item): DataItem => ({ uf: item.uf, motivo: item.motivo })),
      },
    ],
  });
  return acceptPlannedBatch(deps, {
    caller: input.caller,
    ref,
    fingerprint: input.fingerprint,
    requestId: input.requestId,
    kind: 'pesquisa-nacional',
    request: input.body,
    maxOpenOrders: plan.maxOpenOrders,
    batch,
    totalCentavos: quote.totalCentavos,
    response,
    now,
  });
}
