import type { ManualClock } from '@regapi/calendar';
import type { RunningServer } from '@regapi/http';
import { createTestDatabase, databaseStandIn, type TestDatabase } from '@regapi/testkit';
import { launchChromium, type TestChromium } from '@regapi/testkit/browser';
import {
  gatewayStandIn,
  startTestGateway,
  type TestGateway,
  type TestGatewayOptions,
} from '../../../gateway/test/support/test-gateway';
import { type StartConsoleOptions, startConsole } from './console-web';

/** What `useConsole` gives a console test file. */
export interface ConsoleFixture {
  readonly database: TestDatabase;
  /** The console's listener. */
  readonly server: RunningServer;
  /** Chromium, when the file asked for it (`browser`); using it otherwise is an error. */
  readonly chromium: TestChromium;
  /** The gateway the console calls, when the file asked for one (`gateway`); using it otherwise is an error. */
  readonly gateway: TestGateway;
}

export interface ConsoleFixtureOptions {
  readonly console?: StartConsoleOptions;
  /** Launch Chromium for the file's pages. */
  readonly browser?: boolean;
  /** Start a gateway over the same database; the console signs with its keyring and calls its URL. */
  readonly gateway?: TestGatewayOptions;
}

interface Started {
  readonly database: TestDatabase;
  readonly gateway: TestGateway | undefined;
  readonly server: RunningServer;
  readonly chromium: TestChromium | undefined;
}

/**
 * The console tests' shared lifecycle (decision 0118): a database, a gateway when asked, the console over them and
 * Chromium when asked, started by one beforeAll and closed in the reverse order by one afterAll, registered where this is
 * called. What it returns stands for them: read its members in tests and hooks.
 */
export function useConsole(clock: ManualClock, options: ConsoleFixtureOptions = {}): ConsoleFixture {
  let started: Started | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const gateway =
      options.gateway === undefined ? undefined : await startTestGateway(database, { clock, ...options.gateway });
    const server = await startConsole(database, clock, {
      ...(gateway === undefined ? {} : { keyring: gateway.keyring, apiBaseUrl: gateway.url }),
      ...options.console,
    });
    const chromium = options.browser === true ? await launchChromium() : undefined;
    started = { database, gateway, server, chromium };
  });
  afterAll(async () => {
    const closing = started;
    started = undefined;
    await closing?.chromium?.close();
    await closing?.server.close();
    await closing?.gateway?.close();
    await closing?.database.drop();
  });
  const open = (): Started => {
    if (started === undefined) throw new Error('the console is used outside its tests (before or after its hooks)');
    return started;
  };
  const chromium = (): TestChromium => {
    const { chromium: launched } = open();
    if (launched === undefined) throw new Error('this file launched no Chromium (useConsole option browser)');
    return launched;
  };
  return {
    database: databaseStandIn(() => open().database),
    gateway: gatewayStandIn(() => {
      const { gateway } = open();
      if (gateway === undefined) throw new Error('this file started no gateway (useConsole option gateway)');
      return gateway;
    }),
    server: {
      get server() {
        return open().server.server;
      },
      get port() {
        return open().server.port;
      },
      get url() {
        return open().server.url;
      },
      close: (graceMs) => open().server.close(graceMs),
    },
    chromium: {
      get browser() {
        return chromium().browser;
      },
      get userDataDir() {
        return chromium().userDataDir;
      },
      newPage: (pageOptions) => chromium().newPage(pageOptions),
      close: () => chromium().close(),
    },
  };
}
