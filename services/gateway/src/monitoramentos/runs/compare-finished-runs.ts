import { createHash } from 'node:crypto';
import { enqueueMessages, WATCH_CHANGED, type WatchChanged } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { WatchDiff, WatchDocumento } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import {
  compareWatchRun,
  finishedRunsAwaitingComparison,
  type RecordViewRun,
  type RunAwaitingComparison,
  type RunOrder,
  type RunWithHistory,
  recordText,
  runsWithHistory,
  type SettledRun,
  settleWatchRuns,
  type UfSearchRun,
} from '@regapi/orders';
import { countPdfPages } from '@regapi/origin';
import type { Kysely } from 'kysely';
import { type ChangeMailSettings, queueChangeMails } from './change-mail';

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

/**
 * Runs compared per page: a page costs the same few statements however many runs it holds (its runs, their orders and
 * history, one transaction writing them); a pass reads another while it finds a full page.
 */
const PAGE = 100;

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

async function diffOf(deps: ComparisonDeps, run: RunAwaitingComparison, read: RunWithHistory) {
  if (run.watch.kind === 'pessoa') {
    return compareWatchRun({ tipo: 'pessoa', earlier: read.earlier.map(searchRun), current: searchRun(read.orders) });
  }
  const history: RecordViewRun[] = [];
  for (const ordersOfEarlier of read.earlier) history.push(await recordRun(deps, ordersOfEarlier));
  return compareWatchRun({ tipo: 'matricula', earlier: history, current: await recordRun(deps, read.orders) });
}

function changeMessage(
  run: RunAwaitingComparison,
  orders: readonly RunOrder[],
  diff: WatchDiff,
  now: Date,
): WatchChanged {
  return {
    account_id: run.watch.accountId,
    watch_id: run.watch.id,
    tipo: run.watch.kind,
    referencia: run.watch.referencia,
    planned_at: run.plannedAt.toISOString(),
    protocolos: orders.map((order) => order.protocolo),
    resumo: diff.resumo,
    diff: { ...diff, resultado: 'alteracao' },
    compared_at: now.toISOString(),
  };
}

/** What one run's comparison came to: written by this pass (`compared`, `changed`), or by another first. */
export type RunComparison = 'compared' | 'changed' | 'moved-on';

/** One run compared, before it is written. */
interface Compared extends SettledRun {
  readonly run: RunAwaitingComparison;
  readonly orders: readonly RunOrder[];
  readonly diff: WatchDiff;
}

async function compare(deps: ComparisonDeps, run: RunAwaitingComparison, read: RunWithHistory): Promise<Compared> {
  const diff = await diffOf(deps, run, read);
  const outcome = diff.resultado === 'inconclusiva' ? 'falhou' : diff.resultado;
  const reason = outcome === 'falhou' ? 'a execução terminou sem resultado: nada foi comparado' : null;
  return { runId: run.id, outcome, diff, reason, run, orders: read.orders };
}

/**
 * Writes a page's comparisons in one transaction: each outcome and diff once (only runs still `em_andamento` move),
 * and for the changes this transaction moved, their `watch.changed` and e-mails (decision 0169) — one event per changed
 * run, whatever passes or replicas race.
 */
async function writePage(deps: ComparisonDeps, page: readonly Compared[], counts: Record<RunComparison, number>) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await settleWatchRuns(trx, page);
    const changes = page.filter((compared) => moved.has(compared.runId) && compared.outcome === 'alteracao');
    await enqueueMessages(
      trx,
      changes.map(({ run, orders, diff }) => ({
        routingKey: WATCH_CHANGED,
        payload: changeMessage(run, orders, diff, now),
      })),
    );
    if (deps.changeMail !== undefined) await queueChangeMails(trx, changes, deps.changeMail, now);
    counts.changed += changes.length;
    counts.compared += moved.size - changes.length;
    counts['moved-on'] += page.length - moved.size;
  });
}

/**
 * One pass over one environment's runs whose orders have all finished (issue 30; decisions 0152, 0162, 0164): each is
 * compared with the watch's earlier runs — the outcome (`primeira`, `sem_alteracao`, `alteracao`; a run that concluded
 * nothing is `falhou`) and the diff written once. A run still waiting for its orders is not read; a page of runs costs
 * a fixed number of statements, however many it holds.
 */
export async function compareFinishedRuns(
  deps: ComparisonDeps,
  signal?: AbortSignal,
): Promise<Readonly<Record<RunComparison, number>>> {
  const counts: Record<RunComparison, number> = { compared: 0, changed: 0, 'moved-on': 0 };
  const aborted = () => signal?.aborted === true;
  for (;;) {
    if (aborted()) return counts;
    const runs = await finishedRunsAwaitingComparison(deps.db, PAGE);
    if (runs.length === 0) return counts;
    const reads = await runsWithHistory(
      deps.db,
      runs.map((run) => run.id),
    );
    // The page is written whole or not at all: an earlier run of it is part of a later one's history (runsWithHistory).
    const page: Compared[] = [];
    for (const run of runs) {
      const read = reads.get(run.id);
      if (aborted()) return counts;
      if (read !== undefined) page.push(await compare(deps, run, read));
    }
    await writePage(deps, page, counts);
    if (runs.length < PAGE) return counts;
  }
}
