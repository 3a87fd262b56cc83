import { isProductEnabled, lastCatalogSync, setProductEnabled } from '@regapi/catalog';
import { createHttpApp, listen } from '@regapi/http';
import { magicCpf } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ captureLogs: true });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

const outageAlerts = () => harness.logs.filter((line) => line.alert === 'product_out_of_service');

test('602 from the origin takes the product out of service at once and tells a human which order did it', async () => {
  const before = (await harness.receivedOrders()).length;
  const failing = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('service-unavailable'), uf: 'SP' });
  // Accepted before the outage, queued behind the failing one: it must not reach the origin.
  const queued = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP' });

  expect((await harness.waitForState(failing.id, ['finished'])).code).toBe(602);
  expect(await isProductEnabled(harness.database.db, 'pesquisa-previa-bens')).toBe(false);
  expect(await isProductEnabled(harness.database.db, 'visualizacao-matricula')).toBe(true);

  const blocked = await harness.waitForState(queued.id, ['finished']);
  expect(blocked.code).toBe(602);
  expect(((blocked.result?.data ?? {}) as { resumo: string }).resumo).toMatch(/fora de serviço/);
  expect((await harness.receivedOrders()).length).toBe(before + 1);

  // Prometheus pages on regapi.products.in_service (docs/decisions/0065); the log line names the order that did it.
  expect(outageAlerts()).toEqual([
    expect.objectContaining({
      level: 'error',
      alert: 'product_out_of_service',
      fonte: 'pesquisa-previa-bens',
      code: 602,
      origin_outcome: 'service-unavailable',
      protocolo: failing.protocolo,
    }),
  ]);
  // The count, on the status page.
  const service = harness.service;
  if (service === undefined) throw new Error('no service');
  const server = await listen(createHttpApp({ logger: harness.logger, routers: service.internalRouters ?? [] }), 0);
  try {
    const status = (await (await fetch(`${server.url}/origin-session/status`)).json()) as {
      data: { alerts: { product_out_of_service: number }; session: { logged_in: boolean } }[];
    };
    expect(status.data[0]?.alerts.product_out_of_service).toBe(1);
    expect(status.data[0]?.session.logged_in).toBe(true);
  } finally {
    await server.close();
  }

  // An operator puts it back (`pnpm ops product enable`): searches reach the origin again.
  await setProductEnabled(harness.database.db, 'pesquisa-previa-bens', true, 'ops: origin fixed');
  const after = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP' });
  expect((await harness.waitForState(after.id, ['finished'])).code).toBe(612);
  expect(outageAlerts()).toHaveLength(1);
});
