import { createHash } from 'node:crypto';
import { enqueueMessage, WATCH_CHANGED, type WatchChanged } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { WatchDiff, WatchDocumento } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import {
  compareWatchRun,
  earlierRunsOrders,
  ordersOfRun,
  type RecordViewRun,
  type RunAwaitingComparison,
  type RunOrder,
  recordText,
  runsAwaitingComparison,
  settleWatchRun,
  type UfSearchRun,
} from '@regapi/orders';
import { countPdfPages } from '@regapi/origin';
import type { Kysely } from 'kysely';
import { type ChangeMailSettings, queueChangeMail } from './change-mail';

export interface ComparisonDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** The environment's archive: an image-only record is compared by its document's hash and page count. */
  readonly documents: DocumentStorage | undefined;
  /**
   * Production's: a change also e-mails the account's opted-in console users (decision 0169). Absent for the sandbox,
   * whose database holds no console users: its changes send no e-mail.
   */
  readonly changeMail?: ChangeMailSettings;
}

/** Runs compared per statement read; a pass reads again while it finds a full page. */
const PAGE = 50;

function searchRun(orders: readonly RunOrder[]): UfSearchRun[] {
  return orders.map((order) => ({
    uf: order.uf,
    result: order.result?.fonte === 'pesquisa-previa-bens' ? order.result.data : null,
  }));
}

/** The archived document's facts, read from the bytes (the page count is not stored). Null when not archived. */
async function documentFacts(deps: ComparisonDeps, order: RunOrder): Promise<WatchDocumento | null> {
  if (order.document === null || deps.documents === undefined) return null;
  const stored = await deps.documents.get(order.document.storageKey);
  if (stored === undefined) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const bytes = Buffer.concat(chunks);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), paginas: await countPdfPages(bytes) };
}

/**
 * One record view run as the diff reads it. Its document is read only for a record without a text layer (decision
 * 0162's image-only comparison): the text, when there is one, is what is compared.
 */
async function recordRun(deps: ComparisonDeps, orders: readonly RunOrder[]): Promise<RecordViewRun> {
  const [order] = orders;
  const result = order?.result?.fonte === 'visualizacao-matricula' ? order.result.data : null;
  const run: RecordViewRun = { result, documento: null };
  if (order === undefined || recordText(run) !== null) return run;
  return { result, documento: await documentFacts(deps, order) };
}

async function diffOf(deps: ComparisonDeps, run: RunAwaitingComparison, orders: readonly RunOrder[]) {
  const earlier = await earlierRunsOrders(deps.db, run.watchId, run.plannedAt);
  if (run.tipo === 'pessoa') {
    return compareWatchRun({ tipo: 'pessoa', earlier: earlier.map(searchRun), current: searchRun(orders) });
  }
  const history: RecordViewRun[] = [];
  for (const ordersOfEarlier of earlier) history.push(await recordRun(deps, ordersOfEarlier));
  return compareWatchRun({ tipo: 'matricula', earlier: history, current: await recordRun(deps, orders) });
}

function changeMessage(
  run: RunAwaitingComparison,
  orders: readonly RunOrder[],
  diff: WatchDiff,
  now: Date,
): WatchChanged {
  return {
    account_id: run.accountId,
    watch_id: run.watchId,
    tipo: run.tipo,
    referencia: run.referencia,
    planned_at: run.plannedAt.toISOString(),
    protocolos: orders.map((order) => order.protocolo),
    resumo: diff.resumo,
    diff: { ...diff, resultado: 'alteracao' },
    compared_at: now.toISOString(),
  };
}

/** What one run's comparison came to. */
export type RunComparison = 'compared' | 'changed' | 'waiting' | 'moved-on';

/**
 * Compares one placed run with the watch's earlier runs once every order it placed has finished (issue 30; decisions
 * 0152, 0162, 0164): the outcome (`primeira`, `sem_alteracao`, `alteracao`; a run that concluded nothing is `falhou`)
 * and the diff are written once, and a change enqueues its `watch.changed` (and its e-mails, decision 0169) in the same
 * transaction — one event per changed run, whatever passes or replicas race.
 */
export async function compareRun(deps: ComparisonDeps, run: RunAwaitingComparison): Promise<RunComparison> {
  const orders = await ordersOfRun(deps.db, run);
  if (orders.length === 0 || orders.some((order) => order.state !== 'finished')) return 'waiting';
  const diff = await diffOf(deps, run, orders);
  const outcome = diff.resultado === 'inconclusiva' ? 'falhou' : diff.resultado;
  const reason = outcome === 'falhou' ? 'a execução terminou sem resultado: nada foi comparado' : null;
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await settleWatchRun(trx, run.id, { outcome, diff, reason }))) return 'moved-on' as const;
    if (outcome !== 'alteracao') return 'compared' as const;
    await enqueueMessage(trx, { routingKey: WATCH_CHANGED, payload: changeMessage(run, orders, diff, now) });
    if (deps.changeMail !== undefined) await queueChangeMail(trx, run, diff, deps.changeMail, now);
    return 'changed' as const;
  });
}

/** One pass over one environment's runs awaiting comparison; a run still waiting for its orders is left for later. */
export async function compareFinishedRuns(
  deps: ComparisonDeps,
  signal?: AbortSignal,
): Promise<Readonly<Record<RunComparison, number>>> {
  const counts: Record<RunComparison, number> = { compared: 0, changed: 0, waiting: 0, 'moved-on': 0 };
  const leftAlone = new Set<string>();
  for (;;) {
    const page = await runsAwaitingComparison(deps.db, PAGE + leftAlone.size);
    const pending = page.filter((run) => !leftAlone.has(run.id));
    if (pending.length === 0) return counts;
    for (const run of pending) {
      if (signal?.aborted === true) return counts;
      const result = await compareRun(deps, run);
      counts[result] += 1;
      leftAlone.add(run.id);
    }
  }
}
