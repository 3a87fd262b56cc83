import { createHash } from 'node:crypto';
import { type DeliveredDocument, type DocumentDelivered, documentDeliveredRoutingKey } from '@regapi/bus';
import { systemClock } from '@regapi/calendar';
import { lastCatalogSync } from '@regapi/catalog';
import type { Fonte } from '@regapi/contracts';
import { type DocumentStorage, listOrderDocuments, type OrderDocument } from '@regapi/documents';
import { createGateway, createKeyring, issueToken } from '@regapi/gateway';
import { createHttpApp, listen, type RunningServer } from '@regapi/http';
import { createAccount } from '@regapi/ledger';
import { type Order, transition } from '@regapi/orders';
import { createOriginDocumentDownloader, type OriginSample } from '@regapi/origin';
import type { Service } from '@regapi/runtime';
import { silentLogger } from '@regapi/telemetry';
import {
  acceptSeededOrder,
  type InMemoryMetrics,
  inMemoryMetrics,
  startTestS3,
  type TestS3,
  waitFor,
} from '@regapi/testkit';
// origin-session's own harness (database, vhost, clock, simulator, origin-session, billing's queue), with its stand-in
// archive off: the real one below consumes `archive.documents`.
import { type Harness, type HarnessOptions, startHarness } from '../../../origin-session/test/support/harness';
import { type ArchiveSettings, createArchive, type HandledDelivery } from '../../src';
import { alertCapturingLogger } from './alert-capturing-logger';

const ADMIN_TOKEN = 'archive-test-admin-token-0123456789abcdef0123';
const KEYRING = createKeyring(new Map([['k1', 'archive-test-secret-0123456789abcdef0123456789ab']]), 'k1');

export interface ArchiveHarnessOptions {
  /** Start the archive at once. Default true; a test may start it later (`archive.start()`). */
  readonly startArchive?: boolean;
  readonly settings?: Partial<ArchiveSettings>;
  readonly origin?: HarnessOptions;
  /** Record every handled delivery in `outcomes`. Default true; off, the archive runs as in production. */
  readonly observe?: boolean;
}

export interface Customer {
  readonly accountId: string;
  readonly token: string;
}

/**
 * The archive between origin-session (which delivers documents from the simulator) and the gateway (which serves
 * them), on real PostgreSQL, RabbitMQ and S3 (s3rver): what the archive's tests exercise end to end.
 */
export interface ArchiveHarness {
  readonly origin: Harness;
  readonly s3: TestS3;
  /** A client of the bucket, for assertions. */
  readonly storage: DocumentStorage;
  readonly archive: Service;
  /** Every delivery the archive handled, in order. */
  readonly outcomes: HandledDelivery[];
  /** The archive's log lines (JSON) that carry `alert`. */
  readonly alerts: Record<string, unknown>[];
  /** What the archive recorded (its PlatformMetrics, in memory). */
  readonly metrics: InMemoryMetrics;
  readonly gatewayUrl: string;
  /** A new account with a token (every scope) for the gateway. */
  customer(): Promise<Customer>;
  samples(): Promise<readonly OriginSample[]>;
  /** The order's archived document rows. */
  documents(orderId: string): Promise<OrderDocument[]>;
  /** GET of the document endpoint with the customer's token. */
  fetchDocument(protocolo: string, token: string, headers?: Record<string, string>): Promise<Response>;
  /**
   * An order already delivered as origin-session would leave it: in `archiving`, with `document.delivered` pointing
   * at `documents` in the outbox (lets a test choose the links, e.g. one that fails).
   */
  deliverCrafted(input: CraftedDelivery): Promise<{ order: Order; message: DocumentDelivered }>;
  /** Publishes a `document.delivered` again, as a broker redelivery or a duplicate would bring it. */
  redeliver(message: DocumentDelivered): Promise<void>;
  close(): Promise<void>;
}

export interface CraftedDelivery {
  readonly fonte: Fonte;
  readonly body: Record<string, unknown>;
  readonly documents: readonly DeliveredDocument[];
  readonly accountId?: string;
  readonly result: Record<string, unknown>;
  readonly statusConsulta?: string | null;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function startArchiveHarness(options: ArchiveHarnessOptions = {}): Promise<ArchiveHarness> {
  const origin = await startHarness({ ...options.origin, fakeArchive: false });
  const s3 = await startTestS3();
  const alerts: Record<string, unknown>[] = [];
  const logger = alertCapturingLogger(alerts);
  const outcomes: HandledDelivery[] = [];
  const metrics = inMemoryMetrics();
  const archive = createArchive({
    db: origin.database,
    bus: origin.bus,
    logger,
    storage: s3.storage(),
    downloader: createOriginDocumentDownloader(),
    clock: origin.clock,
    metrics: metrics.metrics,
    settings: { schedulerPollMs: 50, downloadTimeoutMs: 5_000, ...options.settings },
    ...(options.observe === false ? {} : { onDelivery: (handled: HandledDelivery) => outcomes.push(handled) }),
  });
  if (options.startArchive !== false) await archive.start();

  const gateway = createGateway({
    db: origin.database,
    bus: origin.bus,
    logger: silentLogger(),
    keyring: KEYRING,
    adminToken: ADMIN_TOKEN,
    documents: s3.storage(),
    rateLimit: { burst: 100_000, perSecond: 10_000 },
  });
  const server: RunningServer = await listen(
    createHttpApp({ logger: silentLogger(), routers: gateway.routers, directRoutes: gateway.directRoutes ?? [] }),
    0,
  );
  await waitFor(() => lastCatalogSync(origin.database.db), { timeoutMs: 30_000, what: 'the first catalog sync' });
  const storage = s3.storage();

  return {
    origin,
    s3,
    storage,
    archive,
    outcomes,
    alerts,
    metrics,
    gatewayUrl: server.url,
    async customer() {
      const account = await createAccount(origin.database.db, { name: 'Cliente do arquivo' });
      const issued = await issueToken(origin.database.db, KEYRING, systemClock, {
        accountId: account.id,
        scopes: [
          'consultas:pesquisa-previa-bens',
          'consultas:visualizacao-matricula',
          'consultas:certidao-inteiro-teor',
        ],
        ttlSeconds: 86_400,
      });
      return { accountId: account.id, token: issued.token };
    },
    samples: () => origin.control.samples(),
    documents: (orderId) => listOrderDocuments(origin.database.db, orderId),
    fetchDocument: (protocolo, token, headers = {}) =>
      fetch(`${server.url}/v1/consultas/${protocolo}/documento`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      }),
    async deliverCrafted(input) {
      return origin.database.db.transaction().execute(async (trx) => {
        const accepted = await acceptSeededOrder(trx, {
          fonte: input.fonte,
          request: input.body,
          ...(input.accountId === undefined ? {} : { accountId: input.accountId }),
        });
        const protocolo = accepted.protocolo;
        // Past `queued` in the same transaction: origin-session's run task finds it delivered and skips it.
        await transition(trx, accepted.id, 'startAttempt', { attempt_started_at: origin.clock.now(), attempts: 1 });
        const message: DocumentDelivered = {
          order_id: accepted.id,
          protocolo,
          account_id: accepted.accountId,
          fonte: input.fonte,
          numero_pedido: '990000000001',
          documents: input.documents,
          code: 200,
          status_consulta: input.statusConsulta === undefined ? 'SUCESSO' : input.statusConsulta,
          delivered_at: origin.clock.now().toISOString(),
        };
        const delivered = await transition(
          trx,
          accepted.id,
          'deliverDocument',
          {
            result: JSON.stringify(input.result),
            site_receipts: JSON.stringify(input.documents.map((document) => document.url)),
            numero_pedido: message.numero_pedido,
          },
          [{ routingKey: documentDeliveredRoutingKey(input.fonte), payload: message }],
        );
        return { order: delivered.order, message };
      });
    },
    redeliver: (message) =>
      origin.bus.publish({
        id: crypto.randomUUID(),
        routingKey: documentDeliveredRoutingKey(message.fonte),
        payload: message,
        headers: {},
      }),
    async close() {
      await server.close(100);
      await archive.stop();
      await origin.close();
      await s3.close();
      await metrics.shutdown();
    },
  };
}
