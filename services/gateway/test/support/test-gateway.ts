import { createInProcessBus } from '@regapi/bus';
import { type Clock, systemClock } from '@regapi/calendar';
import type { DbHandle } from '@regapi/db';
import { createS3Storage, type DocumentStorage } from '@regapi/documents';
import { createHttpApp, listen, type RunningServer } from '@regapi/http';
import { type PlatformMetrics, silentLogger } from '@regapi/telemetry';
import { callJson, createTestDatabase, databaseStandIn, type JsonAnswer, type TestDatabase } from '@regapi/testkit';
import type { Router } from 'express';
import { type AdminThrottleSettings, createGateway, createKeyring, type JwtKeyring, type SandboxDeps } from '../../src';
import type { ConsoleMailSettings } from '../../src/admin/console-user-router';

/** Secrets of the test keyring: `k1` signs, `k2` still verifies (a rotation in progress). */
export const SECRETS = new Map([
  ['k1', 'test-secret-k1-0123456789abcdef0123456789abcdef'],
  ['k2', 'test-secret-k2-0123456789abcdef0123456789abcdef'],
]);
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123456789';

export interface TestGateway {
  /** The public listener: the API only. */
  readonly url: string;
  /** The internal listener: the admin API (decision 0054). */
  readonly adminUrl: string;
  readonly keyring: JwtKeyring;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  readonly consoleMail?: ConsoleMailSettings;
  readonly tokenCacheMs?: number;
  readonly clock?: Clock;
  readonly activeKid?: string;
  /** Default: high enough never to interfere (the rate-limit tests set their own). */
  readonly rateLimit?: { readonly burst: number; readonly perSecond: number };
  /** Refused credentials per client address (decision 0055). Default: high enough never to interfere. */
  readonly refusalRateLimit?: { readonly burst: number; readonly perSecond: number };
  /** The documents' bucket. Default: a store nobody listens at (the tests that read documents start one). */
  readonly documents?: DocumentStorage;
  /** Extra routers mounted after the gateway's (test-only routes). */
  readonly routers?: readonly Router[];
  /** Contract 8 searches per rolling hour, for `consultar_daqui_s`. Default: the gateway's (50). */
  readonly hourlySearchCeiling?: number;
  /** How long a duplicate Idempotency-Key waits for the request holding it. Default: the gateway's (10 s). */
  readonly idempotencyWaitMs?: number;
  /** Serve every route through express, without the gateway's direct routes (decision 0044). Default false. */
  readonly expressOnly?: boolean;
  /** Failed admin authentications per address. Default: the gateway's. */
  readonly adminThrottle?: AdminThrottleSettings;
  /** Where the gateway records its events (an in-memory recorder). Default: none. */
  readonly metrics?: PlatformMetrics;
  /** How long `GET /v1/status` serves one reading. Default 0: every call reads the database. */
  readonly statusCacheMs?: number;
  /** The sandbox's database (and documents) for `teste` tokens (docs/decisions/0099). Default: none (503). */
  readonly sandbox?: SandboxDeps;
}

/** The gateway's routers in an express app of their own, on a free port, over the test file's database. */
export async function startTestGateway(db: DbHandle, options: TestGatewayOptions = {}): Promise<TestGateway> {
  const keyring = createKeyring(SECRETS, options.activeKid ?? 'k1');
  const logger = silentLogger();
  const gateway = createGateway({
    db,
    bus: createInProcessBus({ logger }),
    logger,
    keyring,
    adminToken: ADMIN_TOKEN,
    documents: options.documents ?? unreachableStorage(),
    tokenCacheMs: options.tokenCacheMs ?? 1000,
    clock: options.clock ?? systemClock,
    rateLimit: options.rateLimit ?? { burst: 100_000, perSecond: 10_000 },
    refusalRateLimit: options.refusalRateLimit ?? { burst: 100_000, perSecond: 10_000 },
    ...(options.hourlySearchCeiling === undefined ? {} : { hourlySearchCeiling: options.hourlySearchCeiling }),
    ...(options.idempotencyWaitMs === undefined ? {} : { idempotencyWaitMs: options.idempotencyWaitMs }),
    ...(options.adminThrottle === undefined ? {} : { adminThrottle: options.adminThrottle }),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    ...(options.consoleMail === undefined ? {} : { consoleMail: options.consoleMail }),
    statusCacheMs: options.statusCacheMs ?? 0,
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
  });
  const app = createHttpApp({
    logger,
    routers: [...gateway.routers, ...(options.routers ?? [])],
    directRoutes: options.expressOnly === true ? [] : (gateway.directRoutes ?? []),
  });
  const server: RunningServer = await listen(app, 0);
  const internal = await listen(createHttpApp({ logger, routers: gateway.internalRouters ?? [] }), 0);
  return {
    url: server.url,
    adminUrl: internal.url,
    keyring,
    close: async () => {
      await Promise.all([server.close(100), internal.close(100)]);
    },
  };
}

/** What `useTestGateway` gives a test file: its database and the gateway over it. */
export interface GatewayFixture {
  readonly database: TestDatabase;
  readonly gateway: TestGateway;
}

/**
 * The gateway test files' shared lifecycle (decision 0118): a database of the file's own and a gateway over it, started
 * by a beforeAll and closed (gateway first, then the database) by an afterAll registered where this is called, so the
 * file's own hooks declared after it run with both open. `options` is read at the start, inside the beforeAll: pass a
 * function when it names what the file's earlier hooks make. What it returns stands for the pair: read its members in
 * tests and hooks, where they exist.
 */
export function useTestGateway(options: TestGatewayOptions | (() => TestGatewayOptions) = {}): GatewayFixture {
  let started: GatewayFixture | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const gateway = await startTestGateway(database, typeof options === 'function' ? options() : options);
    started = { database, gateway };
  });
  afterAll(async () => {
    const closing = started;
    started = undefined;
    await closing?.gateway.close();
    await closing?.database.drop();
  });
  const open = (): GatewayFixture => {
    if (started === undefined)
      throw new Error('the test gateway is used outside its tests (before beforeAll or after afterAll)');
    return started;
  };
  return {
    database: databaseStandIn(() => open().database),
    gateway: gatewayStandIn(() => open().gateway),
  };
}

/** A `TestGateway` whose every member is read from the one `current` returns at the time (a fixture's, once open). */
export function gatewayStandIn(current: () => TestGateway): TestGateway {
  return {
    get url() {
      return current().url;
    },
    get adminUrl() {
      return current().adminUrl;
    },
    get keyring() {
      return current().keyring;
    },
    close: () => current().close(),
  };
}

/** A bucket client that tests without documents never call: nothing listens at port 9 (discard). */
function unreachableStorage(): DocumentStorage {
  return createS3Storage({
    endpoint: 'http://127.0.0.1:9',
    bucket: 'unused',
    region: 'us-east-1',
    accessKeyId: 'unused',
    secretAccessKey: 'unused',
  });
}

export type Answer = JsonAnswer;

/** One call, JSON envelope parsed. */
export const call = callJson;

/** The admin API (at the internal listener, `adminUrl`), with the admin token. */
export function admin(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return call(`${base}${path}`, { method, token: ADMIN_TOKEN, ...(body === undefined ? {} : { body }) });
}

/** The admin API of `gateway` with the admin token, for a file's tests: `const ask = adminApi(gateway)`. */
export function adminApi(gateway: TestGateway): (method: string, path: string, body?: unknown) => Promise<Answer> {
  return (method, path, body) => admin(gateway.adminUrl, method, path, body);
}

/** An account with `amount` reais credited (none when undefined), through the admin API. */
export async function newAccount(base: string, name = 'Cliente', amount?: string): Promise<string> {
  const created = await admin(base, 'POST', '/admin/v1/accounts', { name });
  const accountId = String(created.body.data[0]?.account_id);
  if (amount !== undefined) await admin(base, 'POST', `/admin/v1/accounts/${accountId}/credits`, { amount });
  return accountId;
}

/** A token issued through the admin API; `teste`: a sandbox token (docs/decisions/0099). */
export async function newToken(
  base: string,
  accountId: string,
  scopes: readonly string[] = ['consultas:pesquisa-previa-bens'],
  ttl = '30d',
  ambiente: 'producao' | 'teste' = 'producao',
): Promise<{ token: string; tokenId: string; expiresAt: string }> {
  const issued = await admin(base, 'POST', '/admin/v1/tokens', { account_id: accountId, scopes, ttl, ambiente });
  if (issued.status !== 201) throw new Error(`token issue failed: ${JSON.stringify(issued.body)}`);
  const item = issued.body.data[0] ?? {};
  return { token: String(item.token), tokenId: String(item.token_id), expiresAt: String(item.expires_at) };
}
