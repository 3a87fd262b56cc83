import { isProductEnabled, lastCatalogSync } from '@regapi/catalog';
import { magicCpf } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

// Decision 0099: the sandbox's origin-session (`outageTakesProductOut: false`) finishes an order the origin answered
// 602 about the service with that code, as production does, but leaves the product in service and pages no one: one
// integrator testing a fault must not stop the product for every other.

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ captureLogs: true, settings: { outageTakesProductOut: false } });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

test('602 about the service: the order ends 602, the product stays in service, the next search reaches the origin', async () => {
  const failing = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('service-unavailable'), uf: 'SP' });
  expect((await harness.waitForState(failing.id, ['finished'])).code).toBe(602);
  expect(await isProductEnabled(harness.database.db, 'pesquisa-previa-bens')).toBe(true);
  expect(harness.logs.filter((line) => line.alert === 'product_out_of_service')).toEqual([]);

  const before = (await harness.receivedOrders()).length;
  const next = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP' });
  expect((await harness.waitForState(next.id, ['finished'])).code).toBe(612);
  expect((await harness.receivedOrders()).length).toBe(before + 1);
});
