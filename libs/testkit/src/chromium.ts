import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Debian's `chromium` package (docs/decisions/0071): playwright-core never downloads a browser of its own. */
export const CHROMIUM_BINARY = '/usr/bin/chromium';

/**
 * Headless, and nothing that reaches out on its own (updates, sync, first-run pages): a test sees only the traffic
 * it causes. `--no-sandbox` because tests run as root in CI, where Chromium's sandbox refuses to start.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What each new page's context gets unless told otherwise: the console's customers are in Brazil. */
export const PAGE_DEFAULTS: BrowserContextOptions = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

export class ChromiumMissingError extends Error {
  constructor(readonly executablePath: string) {
    super(
      `Chromium is not installed at ${executablePath}: install Debian's packages ` +
        '(`apt-get install -y chromium chromium-driver`; scripts/test-all.sh does it when missing)',
    );
    this.name = 'ChromiumMissingError';
  }
}

export interface LaunchChromiumOptions {
  /** The browser binary; default CHROMIUM_BINARY. */
  readonly executablePath?: string;
}

export interface TestChromium {
  readonly browser: Browser;
  /** The fresh profile folder the browser runs with; removed by close(). */
  readonly userDataDir: string;
  /** A page in its own new context (no cookies or storage shared with other pages), pt-BR by default. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes the browser and removes its profile folder. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts Debian's Chromium headless for a test, with a profile folder of its own. */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<TestChromium> {
  const executablePath = options.executablePath ?? CHROMIUM_BINARY;
  if (!existsSync(executablePath)) throw new ChromiumMissingError(executablePath);
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'regapi-chromium-'));
  const removeProfile = () => rmSync(userDataDir, { recursive: true, force: true });
  // A persistent context is how playwright takes a profile folder we choose (launch() refuses --user-data-dir);
  // its browser still opens a separate context for each page.
  const persistent = await chromium
    .launchPersistentContext(userDataDir, { executablePath, args: [...CHROMIUM_ARGS] })
    .catch((error: unknown) => {
      removeProfile();
      throw error;
    });
  const browser = persistent.browser();
  if (browser === null) {
    await persistent.close();
    removeProfile();
    throw new Error('playwright gave no browser for the persistent context');
  }
  let closing: Promise<void> | undefined;
  return {
    browser,
    userDataDir,
    newPage: (pageOptions = {}) => browser.newPage({ ...PAGE_DEFAULTS, ...pageOptions }),
    close() {
      closing ??= persistent.close().finally(removeProfile);
      return closing;
    },
  };
}
