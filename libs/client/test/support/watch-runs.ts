import type { Clock } from '@regapi/calendar';
import type { DbHandle } from '@regapi/db';
import { finishOrder, getOrder, type SearchResult } from '@regapi/orders';
import { noPlatformMetrics } from '@regapi/telemetry';
import { acceptanceDeps } from '../../../../services/gateway/src/api-routers';
import { compareFinishedRuns } from '../../../../services/gateway/src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../../../../services/gateway/src/monitoramentos/runs/watch-run-job';

const DAY_MS = 86_400_000;

/**
 * A watch's runs as the gateway's job makes them (decision 0164), driven by the test: the job's own pass places the
 * due runs on a clock moved `day` days ahead, the run's order ends as origin-session ends a search, and the job's own
 * comparison writes the outcome and the diff. The test gateway starts no job, so nothing runs behind the test's back.
 */
export interface WatchRuns {
  /** Places every run due `day` days after now (0: the first run, planned at the creation). */
  place(day: number): Promise<void>;
  /** Ends the watch's run in progress with this search result, then compares it. */
  finish(watchId: string, result: SearchResult): Promise<void>;
}

export function watchRuns(db: DbHandle['db']): WatchRuns {
  const clock: Clock & { offsetMs: number } = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  const deps = () =>
    acceptanceDeps(
      { db, documents: undefined, metrics: noPlatformMetrics, guards: [], timeScale: 1 },
      { clock, hourlySearchCeiling: 50, claimWaitMs: 2_000, statusCacheMs: 0, webhooksAllowHttp: false },
    );
  return {
    async place(day) {
      clock.offsetMs = day * DAY_MS + 1_000;
      await placeDueWatchRuns(deps());
    },
    async finish(watchId, result) {
      const run = await db
        .selectFrom('watch_run')
        .select('order_id')
        .where('watch_id', '=', watchId)
        .where('outcome', '=', 'em_andamento')
        .executeTakeFirstOrThrow();
      const order = await getOrder(db, run.order_id ?? '');
      if (order === undefined) throw new Error('the run placed no order');
      await db.transaction().execute((trx) =>
        finishOrder(trx, order, {
          code: 200,
          statusConsulta: null,
          result,
          siteReceipts: [],
          numeroPedido: null,
          at: clock.now(),
        }),
      );
      await compareFinishedRuns({ db, clock, documents: undefined });
    },
  };
}

/** A concluded search in SP finding these records at one office. */
export function foundInSp(...matriculas: string[]): SearchResult {
  return {
    resultado: 'POSITIVO',
    quantidade_imoveis: matriculas.length,
    nada_consta: false,
    provisorio: false,
    uf_pesquisada: 'SP',
    imoveis: matriculas.map((matricula) => ({
      matricula,
      cartorio_cns: '12.345-6',
      cartorio_numero: 2,
      cartorio_nome: '2º Registro de Imóveis de Campinas',
      cartorio_municipio: 'Campinas',
      cartorio_uf: 'SP',
    })),
  };
}
