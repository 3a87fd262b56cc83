// The bench's Prometheus: scrapes a metrics URL on command, in a process of its own, so that reading and timing the
// expositions never delays the paced load (whose latencies count from when each request was due) in the bench's
// event loop. Its parent leaving ends it.
import { setTimeout as sleep } from 'node:timers/promises';
import { scrapeOnce } from './scrape-once';
import {
  isScraperCommand,
  type ScraperReport,
  type ScrapesDone,
  type ScrapeWindow,
  type StartScraping,
} from './scraper-messages';

function send(report: ScraperReport): void {
  process.send?.(report);
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
async function waitUnlessStopped(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

async function scrapeUntilStopped(command: StartScraping, stop: AbortSignal): Promise<ScrapesDone> {
  const windows: ScrapeWindow[] = [];
  let lastBytes = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  for (let scrape = 0; !stop.aborted; scrape++) {
    // A fixed schedule, as Prometheus keeps: a slow scrape delays the next only if it overran its slot.
    const wait = started + scrape * command.intervalMs - performance.now();
    if (wait > 0) await waitUnlessStopped(wait, stop);
    if (stop.aborted) break;
    try {
      const answer = await scrapeOnce(command.url);
      windows.push({ startMs: answer.startedAtMs, durationMs: answer.durationMs });
      lastBytes = answer.bytes;
    } catch (error: unknown) {
      failures += 1;
      firstFailure ??= error instanceof Error ? error.message : String(error);
    }
  }
  return { kind: 'stopped', windows, lastBytes, failures, firstFailure };
}

let current: { readonly stop: AbortController; readonly finished: Promise<ScrapesDone> } | undefined;

process.on('message', (message: unknown) => {
  if (!isScraperCommand(message)) throw new Error(`scraper: unknown command ${JSON.stringify(message)}`);
  if (message.kind === 'start') {
    if (current !== undefined) throw new Error('scraper: started twice');
    const stop = new AbortController();
    current = { stop, finished: scrapeUntilStopped(message, stop.signal) };
    return;
  }
  if (current === undefined) throw new Error('scraper: stopped while not started');
  const { stop, finished } = current;
  current = undefined;
  stop.abort();
  void finished.then(send);
});
process.once('disconnect', () => process.exit(0));
send({ kind: 'ready' });
