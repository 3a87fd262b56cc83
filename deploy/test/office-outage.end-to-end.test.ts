import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { findOffice, isProductEnabled } from '@regapi/catalog';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { callJson, type JsonAnswer, waitFor } from '@regapi/testkit';
import { startSystem, type TestSystem } from './support/system';

// Issue 12 over HTTP, through RabbitMQ, origin-session, the simulator and billing: one office that went down since the
// catalog sync costs ONE refunded order and then free 602s at that office only, while two other customers keep
// ordering the product; only the service itself unavailable takes the product out of service.

jest.setTimeout(120_000);

const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');
const HOUR_MS = 3_600_000;

let system: TestSystem;
let clock: ManualClock;
let samples: readonly OriginSample[];

beforeAll(async () => {
  clock = new ManualClock(WEDNESDAY_MORNING);
  system = await startSystem({ clock });
  samples = await createSimulatorControl(system.originUrl).samples();
});

afterAll(async () => {
  await system.close();
});

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

const client = (token: string) => (path: string, body?: unknown, key?: string) =>
  callJson(`${system.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    ...(body === undefined ? {} : { body }),
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });

type Api = ReturnType<typeof client>;

async function pollToEnd(api: Api, protocolo: string): Promise<JsonAnswer> {
  return waitFor(
    async () => {
      const answer = await api(`/v1/consultas/${protocolo}`);
      if (answer.status !== 200) return undefined;
      const cobranca = answer.body.data[0]?.cobranca as { estorno_pendente?: boolean } | undefined;
      return cobranca?.estorno_pendente ? undefined : answer;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: `the result of ${protocolo}` },
  );
}

async function order(api: Api, fonte: string, body: Record<string, unknown>) {
  const accepted = await api(`/v1/consultas/${fonte}`, body, randomUUID());
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  return { price: Number(accepted.body.header.price), end: await pollToEnd(api, protocolo) };
}

async function officeCns(owner: OriginSample): Promise<string> {
  const imovel = owner.imoveis[0];
  if (imovel === undefined) throw new Error('no property');
  const office = await findOffice(system.database.db, {
    uf: imovel.cartorioUf,
    municipio: imovel.cartorioMunicipio,
    numero: imovel.cartorioNumero,
  });
  if (office === undefined) throw new Error('the sample office is not in the catalog');
  return office.cns;
}

test('one office down: that order 602 refunded, that office a free 602, every other office and customer served', async () => {
  const a = client((await system.customer('500.00')).token);
  const b = client((await system.customer('500.00')).token);
  const down = sample(0);
  const cns = await officeCns(down);
  const control = createSimulatorControl(system.originUrl);
  await control.setOfficeAvailable?.(cns, false);

  // Customer A meets the office the origin now says is out of service: debited, then refunded in full.
  const first = await order(a, 'visualizacao-matricula', propertyRequest(down));
  expect(first.end.body.code).toBe(602);
  expect(first.end.body.data[0]?.cobranca).toMatchObject({ debitado: first.price, estornado: first.price });

  // That office only: quotes and executions of both property products refuse it, free, without reaching the origin.
  const originOrders = (await system.originOrders()).length;
  for (const api of [a, b]) {
    for (const fonte of ['visualizacao-matricula', 'certidao-inteiro-teor']) {
      const quote = await api(`/v1/orcamento/${fonte}`, propertyRequest(down));
      expect(quote.body.code).toBe(602);
      expect(quote.body.data[0]).toMatchObject({ motivo: 'cartorio_fora_de_servico' });
      const refused = await api(`/v1/consultas/${fonte}`, propertyRequest(down), randomUUID());
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ code: 602, header: { billable: false, price: 0 } });
    }
  }
  expect((await system.originOrders()).length).toBe(originOrders);

  // The product is in service for everyone else.
  const other = await order(b, 'visualizacao-matricula', propertyRequest(sample(1)));
  expect(other.end.body.code).toBe(200);
  expect(await isProductEnabled(system.database.db, 'visualizacao-matricula')).toBe(true);
  expect(await isProductEnabled(system.database.db, 'certidao-inteiro-teor')).toBe(true);

  // The office comes back at the origin; the catalog re-check (within the hour) brings it back here.
  await control.setOfficeAvailable?.(cns, true);
  clock.advance(HOUR_MS);
  await waitFor(
    async () => (await a('/v1/orcamento/visualizacao-matricula', propertyRequest(down))).body.code === 200,
    {
      timeoutMs: 30_000,
      what: 'the office quoted again',
    },
  );
  expect((await order(a, 'visualizacao-matricula', propertyRequest(down))).end.body.code).toBe(200);
});

test('the service itself unavailable takes the product out of service for every office', async () => {
  const a = client((await system.customer('500.00')).token);
  const failing = await order(
    a,
    'certidao-inteiro-teor',
    propertyRequest(sample(2), { matricula: magicMatricula('service-unavailable') }),
  );
  expect(failing.end.body.code).toBe(602);
  expect(failing.end.body.data[0]?.cobranca).toMatchObject({ estornado: failing.price });
  const elsewhere = await a('/v1/orcamento/certidao-inteiro-teor', propertyRequest(sample(3)));
  expect(elsewhere.body.code).toBe(602);
  expect(elsewhere.body.data[0]).toMatchObject({ motivo: 'produto_fora_de_servico' });
});
