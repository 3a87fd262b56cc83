import { createHash, randomUUID } from 'node:crypto';
import { type FieldError, validateWatchPedido, type WatchPedido } from '@regapi/contracts';
import { lockDueWatch, type RunRecord, recordWatchRun, runWindowMs, type Watch } from '@regapi/orders';
import { acceptBatch } from '../../batches/batch-acceptance';
import { NATIONWIDE_BATCH } from '../../batches/nationwide-acceptance';
import type { WatchRunPlacement } from '../../executions/accept-planned';
import { type AcceptanceDeps, type AcceptanceOutcome, acceptExecution } from '../../executions/acceptance';
import { requestFingerprint } from '../../executions/idempotency/fingerprint';

/** What one pass did with a due watch (decision 0164). */
export type RunPlacement =
  | { readonly kind: 'placed'; readonly orderIds: readonly string[] }
  | { readonly kind: 'recorded'; readonly outcome: RunRecord['outcome']; readonly reason: string }
  /** Not placed now (the product out of service, the plan's open-order limit, a busy key); tried again next pass. */
  | { readonly kind: 'retry'; readonly reason: string }
  /** No longer due when locked: another replica placed or recorded it, or the watch was paused or removed. */
  | { readonly kind: 'moved-on' };

/** Thrown inside the acceptance when the watch is no longer due: everything the acceptance wrote rolls back. */
class RunNoLongerDue extends Error {
  constructor() {
    super('the watch run is no longer due');
  }
}

/**
 * The run's idempotency key: one per watch and planned instant, a UUID (the key's column) derived from both by
 * SHA-256 (RFC 9562's version 8 layout). Customers' keys are their own random UUIDs; the watch row's lock and
 * UNIQUE (watch_id, planned_at) are what place the run once (decision 0164), the key makes a replayed acceptance
 * answer as the first.
 */
export function watchRunKey(watchId: string, plannedAt: Date): string {
  const hex = createHash('sha256').update(`monitoramento:${watchId}:${plannedAt.toISOString()}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The placement hook, and the orders it recorded (read once the acceptance committed). */
function placement(
  watch: Watch,
  plannedAt: Date,
  now: Date,
  timeScale: number,
): { readonly hook: WatchRunPlacement; readonly placed: () => readonly string[] } {
  let orderIds: readonly string[] = [];
  const hook: WatchRunPlacement = {
    watchId: watch.id,
    record: async (trx, placed) => {
      const due = await lockDueWatch(trx, watch.id, plannedAt);
      if (due === undefined) throw new RunNoLongerDue();
      orderIds = placed.orderIds;
      const [orderId = null] = placed.orderIds;
      await recordWatchRun(
        trx,
        due,
        {
          plannedAt,
          outcome: 'em_andamento',
          orderId,
          batchId: placed.batchId,
          reason: null,
          ...(placed.blockEnd === undefined ? {} : { notBefore: placed.blockEnd }),
        },
        now,
        timeScale,
      );
    },
  };
  return { hook, placed: () => orderIds };
}

async function accept(
  deps: AcceptanceDeps,
  watch: Watch,
  pedido: WatchPedido,
  plannedAt: Date,
  hook: WatchRunPlacement,
): Promise<AcceptanceOutcome> {
  const key = watchRunKey(watch.id, plannedAt);
  const path = `/v1/monitoramentos/${watch.id}/execucoes`;
  const common = {
    caller: { accountId: watch.accountId, tokenId: null },
    key,
    fingerprint: requestFingerprint('POST', path, { planejada_em: plannedAt.toISOString() }),
    requestId: randomUUID(),
    watchRun: hook,
  };
  if (pedido.abrangencia === 'nacional') return acceptBatch(deps, NATIONWIDE_BATCH, { ...common, body: pedido.body });
  const request =
    pedido.tipo === 'pessoa'
      ? ({ fonte: 'pesquisa-previa-bens', body: pedido.body } as const)
      : ({ fonte: 'visualizacao-matricula', body: pedido.body } as const);
  return acceptExecution(deps, { ...common, request });
}

/** Records a run that placed no order, and moves the watch on; `moved-on` when another replica got there first. */
async function recordWithoutOrder(
  deps: AcceptanceDeps,
  watch: Watch,
  run: Omit<RunRecord, 'orderId' | 'batchId'> & { readonly reason: string },
  now: Date,
): Promise<RunPlacement> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await lockDueWatch(trx, watch.id, run.plannedAt);
    if (due === undefined) return { kind: 'moved-on' } as const;
    await recordWatchRun(trx, due, { ...run, orderId: null, batchId: null }, now, deps.timeScale);
    return { kind: 'recorded', outcome: run.outcome, reason: run.reason } as const;
  });
}

function invalidPedidoReason(errors: readonly FieldError[]): string {
  return `o pedido do monitoramento não passa mais na validação do produto: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`;
}

/**
 * Why a run was moved past the record's order block: to the office's day in production; in the sandbox, whose block
 * for a watch's run is on its clock (decision 0175), to the instant — a day would say nothing there.
 */
function postponedReason(from: Date, day: string, deps: Pick<AcceptanceDeps, 'timeScale'>): string {
  if (deps.timeScale >= 1) return `a matrícula foi pedida nos últimos 7 dias; a execução foi movida para ${day}`;
  return `a matrícula foi pedida nos últimos 7 dias do relógio do sandbox; a execução foi movida para ${from.toISOString()}`;
}

/** Why a run not placed now is retried, or, past its window, recorded late. */
function notPlacedReason(outcome: AcceptanceOutcome): string | undefined {
  switch (outcome.kind) {
    case 'unavailable':
      return `produto indisponível: ${outcome.codeMessage}`;
    case 'too-many-open':
      return `a conta já tem ${outcome.open} pedidos em aberto, o máximo do plano (${outcome.limit})`;
    case 'key-busy':
      return 'outra execução do mesmo monitoramento estava em andamento';
    default:
      return undefined;
  }
}

/**
 * Places the due run of `watch` (issue 30; docs/decisions/0152, 0164): the watch's stored `pedido` re-validated by the
 * product's own rules and accepted as an ordinary execution of that product — its quote, its debit, its idempotency,
 * its 7-day order block — with the run's history row written and the watch moved to its next run IN the acceptance's
 * transaction — a record watch's next run never before the block its own new order starts lifts (decision 0177). What
 * stops a run is recorded, never skipped: no balance (`nao_executada_saldo`), another order's block on the record
 * (`adiada_por_bloqueio`, the next run moved past it), a body the product no longer accepts (`falhou`), and
 * anything else that outlasts the run's window (`atrasada`, with why).
 */
export async function placeWatchRun(deps: AcceptanceDeps, watch: Watch): Promise<RunPlacement> {
  const plannedAt = watch.nextRunAt;
  if (plannedAt === null) return { kind: 'moved-on' };
  const now = deps.clock.now();
  if (now.getTime() - plannedAt.getTime() >= runWindowMs(watch.frequencia, deps.timeScale)) {
    // Nothing placed it in its window (the gateway was down): late, and the schedule goes on from the next run.
    const reason = 'nenhuma execução foi possível na janela da execução planejada (serviço fora do ar)';
    return recordWithoutOrder(deps, watch, { plannedAt, outcome: 'atrasada', reason }, now);
  }
  const pedido = validateWatchPedido(watch.kind, watch.request);
  if (!pedido.ok) {
    return recordWithoutOrder(
      deps,
      watch,
      { plannedAt, outcome: 'falhou', reason: invalidPedidoReason(pedido.errors) },
      now,
    );
  }
  const run = placement(watch, plannedAt, now, deps.timeScale);
  let outcome: AcceptanceOutcome;
  try {
    outcome = await accept(deps, watch, pedido.value, plannedAt, run.hook);
  } catch (error: unknown) {
    if (error instanceof RunNoLongerDue) return { kind: 'moved-on' };
    throw error;
  }
  switch (outcome.kind) {
    case 'accepted':
      return { kind: 'placed', orderIds: run.placed() };
    case 'replayed':
      // Its acceptance committed with the history row and the watch's move: this pass read the watch before that.
      return { kind: 'moved-on' };
    case 'key-reused':
      throw new Error(`watch run key ${watchRunKey(watch.id, plannedAt)} bound to another request`);
    case 'insufficient-balance':
      return recordWithoutOrder(
        deps,
        watch,
        { plannedAt, outcome: 'nao_executada_saldo', reason: 'saldo insuficiente para o preço da execução' },
        now,
      );
    default:
      break;
  }
  if (outcome.kind === 'unavailable' && outcome.acceptedAgainFrom !== undefined) {
    return recordWithoutOrder(
      deps,
      watch,
      {
        plannedAt,
        outcome: 'adiada_por_bloqueio',
        reason: postponedReason(outcome.acceptedAgainFrom, String(outcome.item.aceito_novamente_a_partir_de), deps),
        nextRunAt: outcome.acceptedAgainFrom,
      },
      now,
    );
  }
  const reason = notPlacedReason(outcome) ?? outcome.kind;
  if (now.getTime() - plannedAt.getTime() < runWindowMs(watch.frequencia, deps.timeScale))
    return { kind: 'retry', reason };
  return recordWithoutOrder(deps, watch, { plannedAt, outcome: 'atrasada', reason }, now);
}
