import { createHttpApp, healthRouter, listen, type RunningServer } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';

// Decision 0125: a public process names its shared dependencies in /readyz without leaving its Service for them.

let server: RunningServer;
let started = false;
let databaseUp = true;

beforeAll(async () => {
  const health = healthRouter('public-service', { started: () => started }, { database: () => databaseUp });
  server = await listen(createHttpApp({ logger: silentLogger(), routers: [health] }), 0);
});

afterAll(async () => {
  await server.close();
});

async function readiness() {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { data: unknown[] };
  return { status: response.status, data: body.data };
}

test('a reported dependency that is down is named, and the process stays ready; a gating check still decides', async () => {
  expect(await readiness()).toEqual({
    status: 503,
    data: [{ service: 'public-service', status: 'not_ready', checks: { database: 'ok', started: 'down' } }],
  });
  started = true;
  databaseUp = false;
  expect(await readiness()).toEqual({
    status: 200,
    data: [{ service: 'public-service', status: 'ready', checks: { database: 'down', started: 'ok' } }],
  });
  databaseUp = true;
  expect(await readiness()).toEqual({
    status: 200,
    data: [{ service: 'public-service', status: 'ready', checks: { database: 'ok', started: 'ok' } }],
  });
});
