import { randomUUID } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { finishOrder, getOrder, type OrderResultBody, type SearchResult } from '@regapi/orders';
import { noPlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import { acceptanceDeps } from '../../src/api-routers';
import type { AcceptanceDeps } from '../../src/executions/acceptance';
import { compareFinishedRuns } from '../../src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../../src/monitoramentos/runs/watch-run-job';
import { loadQuoteCatalog } from './quote-catalog';
import { call, type GatewayFixture, useTestGateway } from './test-gateway';

const DAY_MS = 86_400_000;

/** A record watch's order: record 024680 of Campinas' 2nd office. */
export const RECORD_PEDIDO = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '024680',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};

/** `POST /v1/monitoramentos` with a new key; the watch's id (201, or the test fails). */
export async function createWatch(gatewayUrl: string, token: string, body: Record<string, unknown>): Promise<string> {
  const answer = await call(`${gatewayUrl}/v1/monitoramentos`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body,
  });
  expect(answer.status).toBe(201);
  return String(answer.body.data[0]?.id);
}

/** The watch runs' clock in tests: the system's, moved on by `offsetMs`. */
export type ShiftedClock = Clock & { offsetMs: number };

export function shiftedClock(): ShiftedClock {
  const clock: ShiftedClock = { offsetMs: 0, now: (): Date => new Date(Date.now() + clock.offsetMs) };
  return clock;
}

/** Production's acceptance over a test database, as the gateway's watch-run job has it (decision 0164). */
export function watchRunDeps(db: Kysely<Database>, clock: Clock): AcceptanceDeps {
  return acceptanceDeps(
    { db, documents: undefined, metrics: noPlatformMetrics, guards: [], timeScale: 1 },
    { clock, hourlySearchCeiling: 50, claimWaitMs: 2_000, statusCacheMs: 0, webhooksAllowHttp: false },
  );
}

/** A test gateway for the watch-run job: `clock` its clock, `deps()` its acceptance (from beforeAll on). */
export interface WatchRunGateway extends GatewayFixture {
  readonly clock: ShiftedClock;
  deps(): AcceptanceDeps;
  /** The watch's next planned run (the test fails if it has none). */
  nextRunAt(watchId: string): Promise<Date>;
  /** Moves the clock a second past the watch's next planned run and lets one pass of the job place it. */
  passAtNextRun(watchId: string): Promise<void>;
}

/** `useTestGateway()` with the quote catalogue loaded and the watch-run job's acceptance on its database. */
export function useWatchRunGateway(): WatchRunGateway {
  const fixture = useTestGateway();
  const clock = shiftedClock();
  let deps: AcceptanceDeps | undefined;
  beforeAll(async () => {
    await loadQuoteCatalog(fixture.database.db);
    deps = watchRunDeps(fixture.database.db, clock);
  });
  const depsOf = (): AcceptanceDeps => {
    if (deps === undefined) throw new Error('the watch-run gateway is used before its beforeAll');
    return deps;
  };
  const nextRunAt = async (watchId: string): Promise<Date> => {
    const row = await fixture.database.db
      .selectFrom('watch')
      .select('next_run_at')
      .where('id', '=', watchId)
      .executeTakeFirstOrThrow();
    if (row.next_run_at === null) throw new Error('the watch has no next run');
    return row.next_run_at;
  };
  return {
    ...fixture,
    clock,
    deps: depsOf,
    nextRunAt,
    async passAtNextRun(watchId) {
      clock.offsetMs = (await nextRunAt(watchId)).getTime() - Date.now() + 1_000;
      await placeDueWatchRuns(depsOf());
    },
  };
}

const property = (matricula: string) => ({
  matricula,
  cartorio_cns: '12.345-6',
  cartorio_numero: 2,
  cartorio_nome: '2º Registro de Imóveis de Campinas',
  cartorio_municipio: 'Campinas',
  cartorio_uf: 'SP',
});

/** A concluded search in SP finding these records of Campinas' 2nd office. */
export const found = (...matriculas: string[]): SearchResult => ({
  resultado: 'POSITIVO',
  quantidade_imoveis: matriculas.length,
  nada_consta: false,
  provisorio: false,
  uf_pesquisada: 'SP',
  imoveis: matriculas.map(property),
});

/** The watch's run in progress ends as origin-session ends its order: 200 with `result`, or 610 with none. */
export async function finishRunOrder(
  db: Kysely<Database>,
  watchId: string,
  result: OrderResultBody | null,
  at: Date,
): Promise<void> {
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
      code: result === null ? 610 : 200,
      statusConsulta: null,
      result: result ?? {},
      siteReceipts: [],
      numeroPedido: null,
      at,
    }),
  );
}

/**
 * A watch's runs as the gateway's job makes them (decision 0164), driven by a test — the gateway's or the client's,
 * whose tests reach the gateway through its test support: the job's own pass places the due runs on a clock moved
 * `day` days ahead, the run's order ends as origin-session ends a search, and the job's own comparison writes the
 * outcome and the diff. The test gateway starts no job, so nothing runs behind the test's back.
 */
export interface WatchRuns {
  /** Places every run due `day` days after now (0: the first run, planned at the creation). */
  place(day: number): Promise<void>;
  /** Ends the watch's run in progress with this search result, then compares it. */
  finish(watchId: string, result: SearchResult): Promise<void>;
}

export function watchRuns(db: Kysely<Database>): WatchRuns {
  const clock = shiftedClock();
  const deps = watchRunDeps(db, clock);
  return {
    async place(day) {
      clock.offsetMs = day * DAY_MS + 1_000;
      await placeDueWatchRuns(deps);
    },
    async finish(watchId, result) {
      await finishRunOrder(db, watchId, result, clock.now());
      await compareFinishedRuns({ db, clock, documents: undefined });
    },
  };
}
