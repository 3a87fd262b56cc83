// Waiting for a result as the API asks (contract 2.2, docs/api.md "A finished result can still change"): poll after
// `consultar_daqui_s`, wait while a refund is being posted, and, with `untilFinal`, through the revisions of a
// provisional search until the origin closes it (or says no revision will come: `consultar_daqui_s` null).
import { WaitTimeoutError } from './errors';
import { sleep } from './retry';
import type { Finished, FinishedItem, Running, RunningItem } from './types';

export interface WaitOptions {
  readonly signal?: AbortSignal;
  /** Give up (WaitTimeoutError) after this long; the order goes on. Default: no limit. */
  readonly timeoutMs?: number;
  /** Told before each wait. */
  readonly onProgress?: (progress: WaitProgress) => void;
  /** Also wait through the revisions of a provisional search (`provisorio` true) until it is final. Default false. */
  readonly untilFinal?: boolean;
  /** Bounds of one wait: `consultar_daqui_s` is clamped into them. Defaults 1 s and 15 min. */
  readonly minIntervalMs?: number;
  readonly maxIntervalMs?: number;
}

export type WaitProgress =
  | {
      /** Queued or running (a certificate in issue too): `consultar_daqui_s` is the API's estimate. */
      readonly kind: 'running';
      readonly protocolo: string;
      readonly consultarDaquiS: number;
      readonly waitMs: number;
      readonly item: RunningItem | undefined;
    }
  | {
      /** Finished, but a refund is still being posted (`cobranca.estorno_pendente`). */
      readonly kind: 'settling';
      readonly protocolo: string;
      readonly waitMs: number;
      readonly result: Finished;
    }
  | {
      /** Finished and provisional (`provisorio` true): a revision is due in `consultarDaquiS`. */
      readonly kind: 'provisional';
      readonly protocolo: string;
      readonly revisao: number;
      readonly consultarDaquiS: number;
      readonly waitMs: number;
      readonly result: Finished;
    };

/** Seconds until the next revision of a provisional search; null when the result is final (or none will come). */
export function nextRevisionInS(item: FinishedItem | undefined): number | null {
  if (item?.fonte !== 'pesquisa-previa-bens' || !item.provisorio) return null;
  return item.consultar_daqui_s ?? null;
}

export async function waitFor(
  protocolo: string,
  poll: (signal: AbortSignal | undefined) => Promise<Finished | Running>,
  options: WaitOptions,
): Promise<Finished> {
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const clamp = (seconds: number): number =>
    Math.min(options.maxIntervalMs ?? 900_000, Math.max(options.minIntervalMs ?? 1000, seconds * 1000));
  for (;;) {
    const answer = await poll(options.signal);
    let progress: WaitProgress;
    if (answer.code === 202) {
      const item = answer.data[0];
      const consultarDaquiS = item?.consultar_daqui_s ?? 5;
      progress = { kind: 'running', protocolo, consultarDaquiS, waitMs: clamp(consultarDaquiS), item };
    } else if (answer.data[0]?.cobranca.estorno_pendente === true) {
      progress = { kind: 'settling', protocolo, waitMs: clamp(5), result: answer };
    } else {
      const revisionInS = options.untilFinal === true ? nextRevisionInS(answer.data[0]) : null;
      if (revisionInS === null) return answer;
      progress = {
        kind: 'provisional',
        protocolo,
        revisao: answer.data[0]?.revisao ?? 0,
        consultarDaquiS: revisionInS,
        waitMs: clamp(revisionInS),
        result: answer,
      };
    }
    if (deadline !== undefined && Date.now() + progress.waitMs > deadline) {
      const left = deadline - Date.now();
      if (left <= 0) throw new WaitTimeoutError(protocolo);
      progress = { ...progress, waitMs: left };
    }
    options.onProgress?.(progress);
    await sleep(progress.waitMs, options.signal);
  }
}
