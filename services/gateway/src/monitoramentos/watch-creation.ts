import { randomUUID } from 'node:crypto';
import { type Envelope, envelope, type FieldError, scopeOf, type WatchRequest } from '@regapi/contracts';
import { createWatch, defaultIdleSearchReserve, newWatch } from '@regapi/orders';
import type { AuthContext } from '../auth/auth-context';
import { InsufficientScopeError } from '../auth/token-errors';
import {
  AcceptanceAbort,
  type AcceptanceDeps,
  type AcceptanceOutcome,
  outcomeOfFailure,
  refusedUnderKey,
  replayOf,
  unavailableOf,
} from '../executions/acceptance-outcome';
import { claimKey, findStoredAnswer, type KeyRef } from '../executions/idempotency/idempotency-store';
import { admitWatch } from './admission';
import { computeWatchQuote, watchPriceItem } from './watch-quote';
import { watchItem } from './watch-view';

export const WATCH_FONTE = { pessoa: 'pesquisa-previa-bens', matricula: 'visualizacao-matricula' } as const;

/** Creating a watch needs the scope of the product its runs are (docs/decisions/0160): else 403. */
export function requireWatchScope(caller: AuthContext, tipo: keyof typeof WATCH_FONTE): void {
  const scope = scopeOf(WATCH_FONTE[tipo]);
  if (!caller.scopes.includes(scope)) throw new InsufficientScopeError(scope);
}

export interface WatchCreationInput {
  readonly caller: AuthContext;
  readonly request: WatchRequest;
  readonly key: string;
  readonly fingerprint: string;
  readonly requestId: string;
}

/** An acceptance's answers (a replay, a key reused or busy, a 602) or a watch's own. */
export type WatchCreationOutcome =
  | AcceptanceOutcome
  | { readonly kind: 'created'; readonly response: Envelope }
  | { readonly kind: 'not-admitted'; readonly errors: readonly FieldError[] };

export const CREATED_MESSAGE =
  'Monitoramento criado. Cada execução é um pedido comum do produto, cobrado ao ser aceito; a primeira está em data[0].proxima_execucao_em.';

/**
 * `POST /v1/monitoramentos` after auth, body, key and scope (docs/decisions/0160): the replay of the key, the product's
 * quote (a 602 under the key, as an execution's), admission control (its seam), then one transaction that claims the
 * key with the answer and writes the watch. Nothing is charged: each run is charged when it is placed.
 */
export async function createWatchUnderKey(
  deps: AcceptanceDeps,
  input: WatchCreationInput,
): Promise<WatchCreationOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const ref: KeyRef = { accountId: input.caller.accountId, key: input.key };
  const stored = await findStoredAnswer(db, ref, now);
  if (stored !== undefined) return replayOf(stored, input.fingerprint);
  const { request } = input;
  const plan = await deps.planOf(input.caller.accountId);
  const quote = await computeWatchQuote(db, plan, request.pedido, request.frequencia);
  if (!quote.ok) {
    const refusal = unavailableOf(quote.product);
    return refusedUnderKey(deps, { ref, fingerprint: input.fingerprint }, refusal, now);
  }
  const watch = newWatch(
    {
      accountId: input.caller.accountId,
      kind: request.pedido.tipo,
      request: request.pedidoBody,
      frequencia: request.frequencia,
      referencia: request.referencia ?? null,
    },
    randomUUID(),
    now,
  );
  const admission = await admitWatch(db, watch, {
    hourlySearchCeiling: deps.hourlySearchCeiling,
    idleSearchReserve: deps.idleSearchReserve ?? defaultIdleSearchReserve(deps.hourlySearchCeiling),
    timeScale: deps.timeScale,
    now,
  });
  if (!admission.admitted) return { kind: 'not-admitted', errors: admission.errors };
  const response = envelope({
    code: 201,
    codeMessage: CREATED_MESSAGE,
    requestId: input.requestId,
    billable: false,
    priceCentavos: 0,
    data: [{ ...watchItem(watch), preco: watchPriceItem(quote) }],
  });
  try {
    return await db.transaction().execute(async (trx) => {
      const answer = { orderId: null, status: 201, response };
      const claim = await claimKey(trx, { ref, fingerprint: input.fingerprint, answer, waitMs: deps.claimWaitMs }, now);
      if (!claim.claimed) throw new AcceptanceAbort(replayOf(claim.stored, input.fingerprint));
      await createWatch(trx, watch);
      return { kind: 'created' as const, response };
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
}
