import { findOffice, isProductEnabled, lastCatalogSync } from '@regapi/catalog';
import { isRefunded } from '@regapi/contracts';
import type { OriginSample } from '@regapi/origin';
import { magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

// Issue 12: one office out of service at the origin ends THAT order and marks THAT office; only the product's own
// unavailability takes the product out of service (contract 7.5).

const HOUR_MS = 3_600_000;

let harness: Harness;
let samples: readonly OriginSample[];

beforeAll(async () => {
  harness = await startHarness({ captureLogs: true });
  samples = await harness.control.samples();
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

const outageAlerts = () => harness.logs.filter((line) => line.alert === 'product_out_of_service');

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

async function officeOf(owner: OriginSample) {
  const imovel = owner.imoveis[0];
  if (imovel === undefined) throw new Error('a sample without property');
  const office = await findOffice(harness.database.db, {
    uf: imovel.cartorioUf,
    municipio: imovel.cartorioMunicipio,
    numero: imovel.cartorioNumero,
  });
  if (office === undefined) throw new Error('the sample office is not in the catalog');
  return office;
}

async function nextCatalogSyncAt(): Promise<Date> {
  const row = await harness.database.db
    .selectFrom('scheduled_message')
    .select('due_at')
    .where('dedupe_key', '=', 'sync-catalog')
    .executeTakeFirstOrThrow();
  return row.due_at;
}

test('an office that went down since the catalog sync: that order 602 refunded, that office marked, the product stays', async () => {
  const owner = sample(0);
  const office = await officeOf(owner);
  expect(office.disponivel).toBe(true);
  const setOffice = harness.control.setOfficeAvailable;
  if (setOffice === null) throw new Error('the simulator control sets offices');
  await setOffice(office.cns, false);

  const before = (await harness.receivedOrders()).length;
  const failing = await harness.accept('visualizacao-matricula', propertyRequest(owner));
  // Accepted before the mark, queued behind the failing one: refused without reaching the origin.
  const queued = await harness.accept('certidao-inteiro-teor', propertyRequest(owner));

  const ended = await harness.waitForState(failing.id, ['finished']);
  expect(ended.code).toBe(602);
  expect(isRefunded(602)).toBe(true);
  expect((await harness.waitForFinishedMessage(failing.id)).code).toBe(602);
  expect(((ended.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/cartório está fora do ar na origem/);

  // THAT office, not the product.
  expect((await officeOf(owner)).disponivel).toBe(false);
  expect((await officeOf(sample(1))).disponivel).toBe(true);
  expect(await isProductEnabled(harness.database.db, 'visualizacao-matricula')).toBe(true);
  expect(await isProductEnabled(harness.database.db, 'certidao-inteiro-teor')).toBe(true);

  const refused = await harness.waitForState(queued.id, ['finished']);
  expect(refused.code).toBe(602);
  expect(((refused.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/a origem não foi chamada/);
  expect((await harness.receivedOrders()).length).toBe(before + 1);

  // Every other office still serves the product, for everyone.
  const other = await harness.accept('visualizacao-matricula', propertyRequest(sample(1)));
  expect((await harness.waitForState(other.id, ['finished'])).code).toBe(200);
  expect(outageAlerts()).toEqual([]);

  // How it comes back: the next catalog sync is due within the hour, and it follows what the origin lists.
  expect((await nextCatalogSyncAt()).getTime()).toBeLessThanOrEqual(harness.clock.now().getTime() + HOUR_MS);
  await setOffice(office.cns, true);
  harness.clock.advance(HOUR_MS);
  await waitFor(async () => (await officeOf(owner)).disponivel, { timeoutMs: 20_000, what: 'the office back' });
  // That sync schedules the next one a day later, as usual.
  expect((await nextCatalogSyncAt()).getTime()).toBe(harness.clock.now().getTime() + 24 * HOUR_MS);

  const again = await harness.accept('visualizacao-matricula', propertyRequest(owner));
  expect((await harness.waitForState(again.id, ['finished'])).code).toBe(200);
});

test('the service itself unavailable (SERVICO_INDISPONIVEL) on a record view takes the product out, alerting', async () => {
  const owner = sample(2);
  const failing = await harness.accept(
    'visualizacao-matricula',
    propertyRequest(owner, { matricula: magicMatricula('service-unavailable') }),
  );
  expect((await harness.waitForState(failing.id, ['finished'])).code).toBe(602);
  expect(await isProductEnabled(harness.database.db, 'visualizacao-matricula')).toBe(false);
  // The office did nothing wrong: it stays in service.
  expect((await officeOf(owner)).disponivel).toBe(true);
  await waitFor(() => outageAlerts().length > 0, { what: 'the alert log line' });
  expect(outageAlerts()).toEqual([
    expect.objectContaining({
      level: 'error',
      alert: 'product_out_of_service',
      fonte: 'visualizacao-matricula',
      code: 602,
      origin_outcome: 'service-unavailable',
      protocolo: failing.protocolo,
    }),
  ]);
});
