import { performance } from 'node:perf_hooks';

/** Prometheus's default scrape timeout. */
const SCRAPE_TIMEOUT_MS = 10_000;

export interface ScrapeAnswer {
  /** When the request was sent, in ms since the epoch (`performance.timeOrigin` based, as the paced load's). */
  readonly startedAtMs: number;
  /** From the request sent to the last byte of the exposition read. */
  readonly durationMs: number;
  readonly bytes: number;
  readonly text: string;
}

/** One scrape as Prometheus does it: GET with its Accept header, the whole exposition read; a non-200 throws. */
export async function scrapeOnce(url: string): Promise<ScrapeAnswer> {
  const started = performance.now();
  const answer = await fetch(url, {
    headers: { accept: 'text/plain;version=0.0.4;q=0.9,*/*;q=0.1' },
    signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS),
  });
  const text = await answer.text();
  const durationMs = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${text.slice(0, 200)}`);
  return { startedAtMs: performance.timeOrigin + started, durationMs, bytes: Buffer.byteLength(text), text };
}
