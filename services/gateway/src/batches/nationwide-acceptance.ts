import { randomUUID } from 'node:crypto';
import {
  centavosToReais,
  type DataItem,
  type Envelope,
  envelope,
  type PesquisaNacionalRequest,
} from '@regapi/contracts';
import { debitOrder } from '@regapi/ledger';
import {
  acceptOrder,
  allocateProtocolo,
  newOrderInQueue,
  openOrderRoom,
  readyAtFromFacts,
  secondsUntil,
} from '@regapi/orders';
import type { AuthContext } from '../auth/auth-context';
import {
  AcceptanceAbort,
  type AcceptanceDeps,
  type AcceptanceOutcome,
  outcomeOfFailure,
  refusedUnderKey,
  replayOf,
} from '../executions/acceptance';
import { acceptedEnvelope, pollingPath, queueAck } from '../executions/acceptance-answers';
import { claimKey, findStoredAnswer, type KeyRef } from '../executions/idempotency/idempotency-store';
import { computeNationwideQuote, nationwideQuoteAnswer, type OfferedUf } from './nationwide-quote';

const FONTE = 'pesquisa-previa-bens';

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

interface PlannedOrder {
  readonly id: string;
  readonly protocolo: string;
  readonly offered: OfferedUf;
  /** The order's own 202 (its protocolo, its price): the nested `aceite` of its finished result. */
  readonly aceite: Envelope;
  readonly consultarDaquiS: number;
}

/**
 * `POST /v1/consultas/pesquisa-previa-bens/nacional` after auth, scope and validation (issue 16; docs/decisions/0087):
 * the idempotency lookup → the nationwide quote (only the UFs offered) → protocolos and queue estimates → ONE
 * transaction: the key claimed with the whole answer, the batch row, one order (and its outbox message) per UF, one
 * ledger debit per order, last. A balance that does not cover the SUM refuses the whole batch: everything rolls back,
 * nothing is charged, the key stays free. The same rules as the one-UF acceptance, through its own pieces.
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

  // The first protocolo with the queue the batch joins; each UF after it waits behind the ones before it.
  const lote = await allocateProtocolo(db);
  const first = await newOrderInQueue(db, FONTE, now);
  const planned: PlannedOrder[] = [];
  for (const [index, offered] of quote.offered.entries()) {
    const protocolo = index === 0 ? first.protocolo : await allocateProtocolo(db);
    const queue = { ...first.queue, searchesAhead: first.queue.searchesAhead + index };
    const readyAt = readyAtFromFacts(FONTE, queue, now, { hourlySearchCeiling: deps.hourlySearchCeiling });
    const consultarDaquiS = secondsUntil(readyAt, now);
    const aceite = acceptedEnvelope({
      requestId: input.requestId,
      priceCentavos: offered.price.totalCentavos,
      ack: queueAck(protocolo, consultarDaquiS),
    });
    planned.push({ id: randomUUID(), protocolo, offered, aceite, consultarDaquiS });
  }
  const firstOrder = planned[0];
  if (firstOrder === undefined) throw new Error('a nationwide batch without orders');
  const batchId = randomUUID();
  const consultarDaquiS = Math.max(...planned.map((order) => order.consultarDaquiS));
  const response = envelope({
    code: 202,
    codeMessage: BATCH_ACCEPTED_MESSAGE,
    requestId: input.requestId,
    billable: true,
    priceCentavos: quote.totalCentavos,
    data: [
      {
        lote,
        fonte: FONTE,
        abrangencia: 'nacional',
        estado: 'processando',
        consultar_em: batchPath(lote),
        consultar_daqui_s: consultarDaquiS,
        pedidos: planned.map((order) => ({
          uf: order.offered.uf,
          protocolo: order.protocolo,
          consultar_em: pollingPath(order.protocolo),
          consultar_daqui_s: order.consultarDaquiS,
          preco: centavosToReais(order.offered.price.totalCentavos),
        })),
        ufs_nao_ofertadas: quote.excluded.map((item): DataItem => ({ uf: item.uf, motivo: item.motivo })),
      },
    ],
  });

  let accepted: AcceptanceOutcome;
  try {
    accepted = await db.transaction().execute(async (trx) => {
      // The key names the first order (its reference is checked at commit); the answer is the whole batch's.
      const answer = { orderId: firstOrder.id, status: 202, response };
      const claim = await claimKey(trx, { ref, fingerprint: input.fingerprint, answer, waitMs: deps.claimWaitMs }, now);
      if (!claim.claimed) throw new AcceptanceAbort(replayOf(claim.stored, input.fingerprint));
      // The plan's open-order limit counts every UF of the batch (docs/decisions/0084): accepted or refused whole.
      const room = await openOrderRoom(trx, { accountId, limit: plan.maxOpenOrders, adding: planned.length });
      if (!room.ok)
        throw new AcceptanceAbort({
          kind: 'too-many-open',
          open: room.open,
          limit: room.limit,
          adding: planned.length,
        });
      await trx
        .insertInto('order_batch')
        .values({
          id: batchId,
          lote,
          account_id: accountId,
          token_id: input.caller.tokenId,
          kind: 'pesquisa-nacional',
          fonte: FONTE,
          request: JSON.stringify(input.body),
          idempotency_key: input.key,
          price_centavos: quote.totalCentavos,
          aceite: JSON.stringify(response),
          request_id: input.requestId,
          created_at: now,
        })
        .execute();
      for (const order of planned) {
        await acceptOrder(trx, {
          id: order.id,
          protocolo: order.protocolo,
          accountId,
          tokenId: input.caller.tokenId,
          fonte: FONTE,
          request: { ...input.body, uf: order.offered.uf },
          imovelChave: null,
          uf: order.offered.uf,
          priceCentavos: order.offered.price.totalCentavos,
          quote: { ...order.offered.price, target: { uf: order.offered.uf } },
          aceite: order.aceite,
          requestId: input.requestId,
          acceptedAt: now,
          batchId,
        });
      }
      // The debits last: one per order (a refund stays per order and per class), under the account's row lock
      // from the first to the commit. One that does not fit refuses the whole batch.
      for (const order of planned) {
        const debit = await debitOrder(trx, {
          accountId,
          orderId: order.id,
          protocolo: order.protocolo,
          fonte: FONTE,
          uf: order.offered.uf,
          amountCentavos: order.offered.price.totalCentavos,
        });
        if (!debit.ok) {
          if (debit.reason === 'insufficient_balance') throw new AcceptanceAbort({ kind: 'insufficient-balance' });
          throw new Error(`debit of a new batch order refused: ${debit.reason}`);
        }
      }
      return { kind: 'accepted', response } as const;
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
  for (const order of planned) {
    deps.metrics.orderAccepted(FONTE);
    deps.metrics.debited(FONTE, order.offered.price.totalCentavos);
  }
  return accepted;
}
