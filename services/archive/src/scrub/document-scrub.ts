import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { coerceError } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { type DocumentStorage, findOrderDocument } from '@regapi/documents';
import { every } from '@regapi/runtime';
import type { Logger, PlatformMetrics, ScrubReading } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import type { ArchiveAlerts } from '../alerts/archive-alerts';
import type { ArchiveSettings } from '../archiving/archive-settings';
import { type CheckedDocument, checkDocument } from './check-document';
import {
  advanceScrub,
  beginScrubRun,
  claimScrub,
  completeScrubRun,
  nextScrubPage,
  readScrubState,
  releaseScrub,
  type ScrubbedDocument,
  type ScrubState,
} from './scrub-store';

export type ScrubSettings = Pick<
  ArchiveSettings,
  'scrubIntervalMs' | 'scrubCheckMs' | 'scrubPauseMs' | 'scrubPageSize' | 'scrubLeaseMs'
>;

export interface DocumentScrubDeps {
  readonly db: Kysely<Database>;
  readonly storage: DocumentStorage;
  readonly logger: Logger;
  readonly alerts: ArchiveAlerts;
  readonly metrics: PlatformMetrics;
  readonly clock: Clock;
  readonly settings: ScrubSettings;
  /** Names this replica in the lease. Default: a new random id. */
  readonly holder?: string;
}

/**
 * What one pass did: `held-elsewhere` (another replica scrubs), `not-due` (the last run began less than an interval
 * ago), `stopped` (the service stopped it; the cursor stays for the next pass), `lease-lost` (another replica took
 * over), `completed` (the run reached the last document).
 */
export type ScrubPassResult =
  | { readonly kind: 'held-elsewhere' | 'not-due' | 'stopped' | 'lease-lost'; readonly checked: number }
  | { readonly kind: 'completed'; readonly checked: number; readonly state: ScrubState };

export interface DocumentScrub {
  start(): void;
  stop(): Promise<void>;
  /** A pass now (tests, an operator): while one runs, that one's result. */
  runNow(): Promise<ScrubPassResult>;
}

const reading = (state: ScrubState | undefined): ScrubReading | undefined =>
  state?.last_completed_at == null
    ? undefined
    : { lastCompletedAt: state.last_completed_at, lastMismatch: state.last_mismatch, lastMissing: state.last_missing };

/**
 * The archive's integrity scrub (issue 28, docs/decisions/0128): every `order_document` row's object is fetched from
 * the bucket and re-hashed against its recorded SHA-256, one at a time and paced. Every replica ticks (`every`,
 * decision 0114); the one holding the lease in PostgreSQL scrubs, resuming the run a stopped or crashed replica left.
 */
export function createDocumentScrub(deps: DocumentScrubDeps): DocumentScrub {
  const { db, storage, settings, metrics, alerts } = deps;
  const holder = deps.holder ?? randomUUID();
  const log = deps.logger.child({ component: 'document-scrub' });
  let current: ScrubReading | undefined;
  let stopObserving: (() => void) | undefined;

  /** The row may have changed while the object was read (the archive stored the document again): check it afresh. */
  const recheck = async (document: ScrubbedDocument, signal: AbortSignal) => {
    const fresh = await findOrderDocument(db, document.orderId, document.kind);
    if (fresh === undefined || (fresh.sha256 === document.sha256 && fresh.storageKey === document.storageKey)) {
      return undefined;
    }
    const again: ScrubbedDocument = {
      ...document,
      storageKey: fresh.storageKey,
      sha256: fresh.sha256,
      sizeBytes: fresh.sizeBytes,
    };
    return { document: again, checked: await checkDocument(storage, again.storageKey, again.sha256, signal) };
  };

  const scrubOne = async (document: ScrubbedDocument, signal: AbortSignal): Promise<CheckedDocument> => {
    let checked = await checkDocument(storage, document.storageKey, document.sha256, signal);
    let subject = document;
    if (checked.outcome !== 'ok') {
      const again = await recheck(document, signal);
      if (again !== undefined) ({ document: subject, checked } = again);
    }
    metrics.scrubDocument(checked.outcome);
    if (checked.outcome !== 'ok') {
      alerts.documentIntegrityFailed({
        outcome: checked.outcome,
        orderId: subject.orderId,
        protocolo: subject.protocolo,
        kind: subject.kind,
        storageKey: subject.storageKey,
        expectedSha256: subject.sha256,
        expectedBytes: subject.sizeBytes,
        actualSha256: checked.sha256,
        actualBytes: checked.bytes,
        at: deps.clock.now(),
      });
    }
    return checked;
  };

  const pass = async (signal: AbortSignal): Promise<ScrubPassResult> => {
    const claimed = await claimScrub(db, holder, settings.scrubLeaseMs);
    if (claimed === undefined) {
      current = reading(await readScrubState(db));
      return { kind: 'held-elsewhere', checked: 0 };
    }
    current = reading(claimed);
    let checked = 0;
    try {
      let run: ScrubState | undefined = claimed;
      if (claimed.run_started_at === null) {
        run = await beginScrubRun(db, holder, settings.scrubIntervalMs);
        if (run === undefined) return { kind: 'not-due', checked };
        log.info({ holder }, 'document scrub started');
      } else if (claimed.after_order_id !== null) {
        log.info({ holder, after_order_id: claimed.after_order_id }, 'document scrub resumed');
      }
      let after =
        run.after_order_id === null || run.after_kind === null
          ? undefined
          : { orderId: run.after_order_id, kind: run.after_kind };
      for (;;) {
        const page = await nextScrubPage(db, after, settings.scrubPageSize);
        if (page.length === 0) break;
        for (const document of page) {
          if (signal.aborted) return { kind: 'stopped', checked };
          const result = await scrubOne(document, signal);
          if (!(await advanceScrub(db, holder, document, result.outcome, settings.scrubLeaseMs))) {
            log.warn({ holder }, 'document scrub lease taken over by another replica; this one stops');
            return { kind: 'lease-lost', checked };
          }
          checked++;
          after = { orderId: document.orderId, kind: document.kind };
          if (settings.scrubPauseMs > 0) {
            try {
              await sleep(settings.scrubPauseMs, undefined, { signal });
            } catch {
              return { kind: 'stopped', checked };
            }
          }
        }
      }
      const completed = await completeScrubRun(db, holder);
      if (completed === undefined) return { kind: 'lease-lost', checked };
      current = reading(completed);
      log.info(
        {
          holder,
          ok: completed.last_ok,
          mismatch: completed.last_mismatch,
          missing: completed.last_missing,
          started_at: completed.last_started_at?.toISOString(),
        },
        'document scrub completed',
      );
      return { kind: 'completed', checked, state: completed };
    } catch (thrown) {
      if (signal.aborted) return { kind: 'stopped', checked };
      throw thrown;
    } finally {
      await releaseScrub(db, holder);
    }
  };

  const loop = every(settings.scrubCheckMs, pass, {
    firstRunNow: true,
    onError: (error) => log.warn({ err: coerceError(error) }, 'document scrub pass failed; resumed at the next check'),
  });
  return {
    start: () => {
      stopObserving ??= metrics.observeDocumentScrub(() => current);
      loop.start();
    },
    stop: async () => {
      await loop.stop();
      stopObserving?.();
      stopObserving = undefined;
    },
    runNow: () => loop.runNow(),
  };
}
