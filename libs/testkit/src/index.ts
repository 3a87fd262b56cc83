export { AsyncLocalStorageContextManager } from './async-local-storage-context-manager';
export { callJson, type EnvelopeBody, type JsonAnswer, type JsonCall } from './call-json';
export { type Spawned, spawnCaptured } from './child-process';
export { freePort, freePortRange } from './free-port';
export { createTcpProxy, type TcpProxy } from './tcp-proxy';
export { createTestDatabase, TEST_PG_URL, type TestDatabase } from './test-database';
export { startTestS3, type TestS3 } from './test-s3';
export { amqpUrlForVhost, createTestVhost, TEST_AMQP_URL, type TestVhost } from './test-vhost';
export { waitFor } from './wait-for';
