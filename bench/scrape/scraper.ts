import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { isScraperReport, type ScraperCommand, type ScrapesDone } from './scraper-messages';

const START_TIMEOUT_MS = 30_000;

/** The scraper process (scraper-process.ts), driven from the bench. */
export interface Scraper {
  /** Starts scraping `url` every `intervalMs` (0: back to back) until `stop`. */
  start(url: string, intervalMs: number): void;
  /** Stops scraping and answers what the scrapes since `start` gave. */
  stop(): Promise<ScrapesDone>;
  close(): Promise<void>;
}

function nextReport(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null): void => reject(new Error(`scraper exited (code ${code})`));
    child.once('exit', exited);
    child.once('message', (message: unknown) => {
      child.removeListener('exit', exited);
      resolve(message);
    });
  });
}

export async function startScraper(): Promise<Scraper> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'scraper-process.ts')], {
    cwd: path.resolve(__dirname, '..', '..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const command = (message: ScraperCommand): void => {
    child.send(message);
  };
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const ready = await nextReport(child);
    if (!isScraperReport(ready) || ready.kind !== 'ready') throw new Error(`scraper sent ${JSON.stringify(ready)}`);
  } finally {
    clearTimeout(timer);
  }
  return {
    start: (url, intervalMs) => command({ kind: 'start', url, intervalMs }),
    stop: async () => {
      const answer = nextReport(child);
      command({ kind: 'stop' });
      const report = await answer;
      if (!isScraperReport(report) || report.kind !== 'stopped')
        throw new Error(`scraper sent ${JSON.stringify(report)}`);
      return report;
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
