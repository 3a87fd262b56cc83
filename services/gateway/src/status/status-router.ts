import type { Clock } from '@regapi/calendar';
import { getProductStatus } from '@regapi/catalog';
import { type DataItem, FONTES } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { sendEnvelope } from '@regapi/http';
import { newOrderWaitSeconds } from '@regapi/orders';
import { type RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { createTtlCache } from '../auth/ttl-cache';
import { lastHourOutcomes, NO_OUTCOMES } from './last-hour-outcomes';

/** How long one reading of the status is served to every caller (decision 0092). */
export const STATUS_CACHE_MS = 5_000;

export interface StatusDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly hourlySearchCeiling: number;
  /** The environment's clock (docs/decisions/0136): 1 in production, the sandbox's SANDBOX_TIME_SCALE. */
  readonly timeScale: number;
  /** Default STATUS_CACHE_MS; 0: no cache (tests). */
  readonly cacheMs?: number;
}

/** Every product's line, read now: the same status the quote refuses by, the same wait acceptance answers. */
async function readStatus(deps: StatusDeps): Promise<DataItem[]> {
  const now = deps.clock.now();
  const outcomes = await lastHourOutcomes(deps.db, now);
  return Promise.all(
    FONTES.map(async (fonte): Promise<DataItem> => {
      const status = await getProductStatus(deps.db, fonte);
      const hour = outcomes.get(fonte) ?? NO_OUTCOMES;
      return {
        fonte,
        em_servico: status.enabled,
        fora_de_servico_desde: status.enabled ? null : status.changedAt.toISOString(),
        // A newcomer's wait (no backlog of its own): one reading serves every caller (decision 0092).
        espera_prevista_s: status.enabled
          ? await newOrderWaitSeconds(deps.db, fonte, now, {
              hourlySearchCeiling: deps.hourlySearchCeiling,
              timeScale: deps.timeScale,
            })
          : null,
        ultima_hora: {
          pedidos: hour.counted,
          taxa_sucesso: hour.successRate,
          tempo_p50_s: hour.p50Seconds,
          tempo_p95_s: hour.p95Seconds,
        },
      };
    }),
  );
}

/** `GET /v1/status` (issue 17; decision 0092): per product, in service or not, the wait, the last hour. Free. */
export function statusRouter(deps: StatusDeps, guards: readonly RequestHandler[]): Router {
  const cache = createTtlCache<DataItem[]>({ ttlMs: deps.cacheMs ?? STATUS_CACHE_MS, maxEntries: 1 });
  const router = Router();
  router.get('/v1/status', ...guards, async (_req, res) => {
    const data = await cache.get('status', () => readStatus(deps));
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: 'Status dos produtos agora.',
      billable: false,
      priceCentavos: 0,
      data,
    });
  });
  return router;
}
