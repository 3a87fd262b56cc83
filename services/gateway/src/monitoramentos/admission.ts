import { UFS } from '@regapi/br';
import type { FieldError, WatchFrequencia } from '@regapi/contracts';
import type { Db } from '@regapi/ledger';
import {
  admitWatch as admitByCapacity,
  forecastIdleCapacity,
  type PlannedWatch,
  readInteractiveLoad,
  readMeasuredRunTimes,
  type WatchLoad,
  watchDemand,
} from '@regapi/orders';

/** Whether the idle capacity can honour a new watch's frequency (docs/decisions/0152, Admission control). */
export type Admission =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly errors: readonly FieldError[] };

export interface AdmissionSettings {
  /** Contract 8's searches per rolling hour, as origin-session enforces it. */
  readonly hourlySearchCeiling: number;
  /** The searches of it kept for interactive orders (IDLE_SEARCH_RESERVE, origin-session's value: decision 0163). */
  readonly idleSearchReserve: number;
  /** The environment's clock (decision 0136): its run times are read on it. */
  readonly timeScale: number;
  readonly now: Date;
}

const FONTE_OF = { pessoa: 'pesquisa-previa-bens', matricula: 'visualizacao-matricula' } as const;

/**
 * The origin calls one run of a watch places: one per UF of a search — a nationwide search counts every UF, an upper
 * bound of the UFs offered on the day it runs — and one for a record view (decision 0170).
 */
function callsOf(kind: PlannedWatch['kind'], request: Readonly<Record<string, unknown>>): number {
  return kind === 'pessoa' && !Object.hasOwn(request, 'uf') ? UFS.length : 1;
}

function loadOf(watch: Pick<PlannedWatch, 'kind' | 'request' | 'frequencia'>, plannedAt: Date): WatchLoad {
  return {
    frequencia: watch.frequencia,
    fonte: FONTE_OF[watch.kind],
    calls: callsOf(watch.kind, watch.request),
    plannedAt: plannedAt.getTime(),
  };
}

/** Every watch that may run: the active ones and the paused ones (resuming is not admitted again). */
async function existingLoads(db: Db): Promise<WatchLoad[]> {
  const rows = await db
    .selectFrom('watch')
    .select(['kind', 'request', 'frequencia', 'next_run_at', 'created_at'])
    .where('estado', '<>', 'removido')
    .execute();
  return rows.map((row) =>
    loadOf(
      { kind: row.kind, request: row.request as Readonly<Record<string, unknown>>, frequencia: row.frequencia },
      row.next_run_at ?? row.created_at,
    ),
  );
}

const NAMES: Readonly<Record<WatchFrequencia, string>> = { diaria: 'diária', semanal: 'semanal', mensal: 'mensal' };

function refusal(asked: WatchFrequencia, fits: WatchFrequencia | undefined): FieldError {
  const mensagem =
    fits === undefined
      ? `A capacidade ociosa da origem prevista para as próximas semanas não comporta mais este monitoramento, nem mensal: tente mais tarde ou fale com o suporte.`
      : `A capacidade ociosa da origem prevista não comporta um monitoramento ${NAMES[asked]} deste pedido; cabe ${NAMES[fits]}: crie-o com frequencia "${fits}".`;
  return { campo: 'frequencia', regra: 'capacidade_ociosa', mensagem, valor: asked };
}

/**
 * Admission control, called once per creation before the watch is written (docs/decisions/0152, 0163, 0170): the
 * idle capacity per hour of the week forecast from the last 4 weeks of interactive origin work, the measured run
 * times, and the demand of every watch that may run plus the new one; refused, a 422 naming `frequencia` with the most
 * frequent schedule that fits, or none.
 */
export async function admitWatch(db: Db, watch: PlannedWatch, settings: AdmissionSettings): Promise<Admission> {
  const [history, runTimes, existing] = await Promise.all([
    readInteractiveLoad(db, settings.now),
    readMeasuredRunTimes(db, settings.now, settings.timeScale),
    existingLoads(db),
  ]);
  const forecast = forecastIdleCapacity(history, {
    hourlySearchCeiling: settings.hourlySearchCeiling,
    idleSearchReserve: settings.idleSearchReserve,
  });
  const planned = watch.nextRunAt ?? watch.createdAt;
  const verdict = admitByCapacity(watchDemand(existing, runTimes), loadOf(watch, planned), forecast, runTimes);
  if (verdict.admitted) return { admitted: true };
  return { admitted: false, errors: [refusal(watch.frequencia, verdict.fits)] };
}
