/** Between the bench and its scraper process (scraper-process.ts), over the IPC channel. */

/** Scrape `url` every `intervalMs` on a fixed schedule, as Prometheus does; 0: one scrape after another. */
export interface StartScraping {
  readonly kind: 'start';
  readonly url: string;
  readonly intervalMs: number;
}

export interface StopScraping {
  readonly kind: 'stop';
}

export type ScraperCommand = StartScraping | StopScraping;

/** When one scrape ran: from its request sent (ms since the epoch) to its last byte read. */
export interface ScrapeWindow {
  readonly startMs: number;
  readonly durationMs: number;
}

/** What the scrapes since the last start gave. */
export interface ScrapesDone {
  readonly kind: 'stopped';
  /** Every scrape that succeeded, in the order run (one client: they never overlap). */
  readonly windows: readonly ScrapeWindow[];
  /** Size of the last exposition read, in bytes (0 if none succeeded). */
  readonly lastBytes: number;
  /** Scrapes refused, failed or timed out; the first error's message. */
  readonly failures: number;
  readonly firstFailure: string | undefined;
}

export interface ScraperReady {
  readonly kind: 'ready';
}

export type ScraperReport = ScrapesDone | ScraperReady;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isScrapeWindow(value: unknown): value is ScrapeWindow {
  return isObject(value) && typeof value.startMs === 'number' && typeof value.durationMs === 'number';
}

export function isScraperCommand(value: unknown): value is ScraperCommand {
  if (!isObject(value)) return false;
  if (value.kind === 'stop') return true;
  return value.kind === 'start' && typeof value.url === 'string' && typeof value.intervalMs === 'number';
}

export function isScraperReport(value: unknown): value is ScraperReport {
  if (!isObject(value)) return false;
  if (value.kind === 'ready') return true;
  return (
    value.kind === 'stopped' &&
    Array.isArray(value.windows) &&
    value.windows.every(isScrapeWindow) &&
    typeof value.lastBytes === 'number' &&
    typeof value.failures === 'number' &&
    (value.firstFailure === undefined || typeof value.firstFailure === 'string')
  );
}
