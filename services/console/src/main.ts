// A bare import first: instrumentation must wrap express and pg before they load; sorting never moves it.
import './instrument';
import { configOrExit } from '@regapi/config';
import { consoleMailSettingsFrom } from '@regapi/console-auth';
import { createDb } from '@regapi/db';
import { runServiceProcess } from '@regapi/runtime';
import { keyringFromConfig } from '@regapi/tokens';
import { consoleProcessConfig } from './config/console-config';
import { telemetry } from './instrument';
import { createConsole, createConsoleHttpApp } from './web';

runServiceProcess({
  name: 'console',
  config: consoleProcessConfig,
  telemetry,
  // A key list that parses but cannot be used (active kid missing) stops the process like any bad variable (78).
  create: (deps, config) =>
    createConsole({
      db: deps.db,
      logger: deps.logger,
      keyring: configOrExit(() => keyringFromConfig(config)),
      apiBaseUrl: config.CONSOLE_API_URL,
      hourlySearchCeiling: config.HOURLY_SEARCH_CEILING,
      webhooksAllowHttp: config.WEBHOOKS_ALLOW_HTTP,
      docsUrl: config.CONSOLE_DOCS_URL,
      ...consoleMailSettingsFrom(config),
      // The test mode's data (docs/decisions/0146): the sandbox's database, a small pool of the console's own.
      ...(config.SANDBOX_DATABASE_URL === undefined ? {} : { sandbox: sandboxOf(config.SANDBOX_DATABASE_URL) }),
    }),
  // Its own pages, 404 and error pages in HTML, never the API's JSON envelope; requests timed by route template.
  publicApp: (service, { metrics }) => createConsoleHttpApp(service, { metrics }),
}).catch((error: unknown) => {
  process.stderr.write(`console: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

function sandboxOf(url: string) {
  const db = createDb(url, { applicationName: 'console-sandbox', max: 2 });
  return { db, close: () => db.close() };
}
