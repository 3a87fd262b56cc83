export { finishAsArchived } from './archive-stand-in';
export { AsyncLocalStorageContextManager } from './async-local-storage-context-manager';
export { callJson, type EnvelopeBody, type JsonAnswer, type JsonCall } from './call-json';
export { type Spawned, spawnCaptured } from './child-process';
export { publishToDeadLetter } from './dead-letters';
export { freePort, freePortRange } from './free-port';
export { finishThroughDoubt, type InDoubtClock, type ThroughDoubtOptions } from './in-doubt-waits';
export { type InMemoryMetrics, inMemoryMetrics, type RecordedMetrics, type RecordedPoint } from './in-memory-metrics';
export { listeningPorts } from './listening-ports';
export { type LocalS3, type LocalS3Options, startLocalS3 } from './local-s3';
export { type MetricsTextServer, serveMetricsText } from './metrics-text-server';
export { isAlive } from './netns/alive';
export type { LinkPostgres, LinkPostgresOptions } from './netns/link-postgres';
export type { NetnsLink, NetnsLinkName } from './netns/naming';
export { createNetns, type Netns, type NetnsForward } from './netns/netns';
export { type SweptFaultHarness, sweepStaleFaultHarness } from './netns/sweep';
export { createOpenApiConformance, type OpenApiConformance, type RealAnswer, realAnswer } from './openapi-conformance';
export { POSTGRES_EXPORTER_BINARY, type PostgresExporter, startPostgresExporter } from './postgres-exporter';
export { type ScrapeTarget, type StartPrometheusOptions, startPrometheus, type TestPrometheus } from './prometheus';
export { openRawConnection, type RawAnswer, type RawConnection } from './raw-http';
export { acceptSeededOrder, type OrderSeed, sampleRequest, seedOrder } from './seed-order';
export { createTcpProxy, type TcpProxy, type TcpProxyOptions } from './tcp-proxy';
export { createTestDatabase, TEST_PG_URL, type TestDatabase, writeBehindTriggers } from './test-database';
export { startTestS3, type TestS3 } from './test-s3';
export {
  amqpUrlForVhost,
  createTestVhost,
  type ListedQueue,
  listVhostQueues,
  TEST_AMQP_URL,
  type TestVhost,
} from './test-vhost';
export { databaseStandIn, useTestDatabase } from './use-test-database';
export { waitFor } from './wait-for';
