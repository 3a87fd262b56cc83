import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where test screenshots go: under the repository's `.test-results` (gitignored), kept after the run as artifacts. */
export const SCREENSHOTS_DIR = path.resolve(__dirname, '..', '..', '..', '.test-results', 'screenshots');

const SCREENSHOT_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * Saves the whole page as `<dir>/<name>.png` and returns the file's path. The name is a plain file name (letters,
 * digits, `.`, `_`, `-`) so no test writes outside the folder.
 */
export async function saveScreenshot(page: Page, name: string, dir: string = SCREENSHOTS_DIR): Promise<string> {
  if (!SCREENSHOT_NAME.test(name)) throw new Error(`screenshot name ${JSON.stringify(name)} is not a plain file name`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
