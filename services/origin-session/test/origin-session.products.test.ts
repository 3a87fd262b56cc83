import { QUEUE } from '@regapi/bus';
import { certificateForecast } from '@regapi/calendar';
import { findOffice, lastCatalogSync } from '@regapi/catalog';
import { isRefunded } from '@regapi/contracts';
import type { OriginSample } from '@regapi/origin';
import { magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { publishToDeadLetter, waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

let harness: Harness;
let samples: readonly OriginSample[];

beforeAll(async () => {
  harness = await startHarness();
  samples = await harness.control.samples();
  // The catalog sync runs at start, through the same queue, before any order of this file.
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

/** The registry fee recorded for an origin order, with how many ledger legs it has. */
async function registryFee(numeroPedido: string | null) {
  return harness.database.db
    .selectFrom('registry_fee')
    .select(['fonte', 'source', 'fee_centavos', 'charged_at'])
    .select((eb) =>
      eb
        .selectFrom('registry_fee_posting')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('registry_fee_posting.numero_pedido', '=', 'registry_fee.numero_pedido')
        .as('legs'),
    )
    .where('numero_pedido', '=', numeroPedido ?? '')
    .executeTakeFirstOrThrow();
}

test('the catalog is synced at start through the queue, and the next sync is scheduled a day later', async () => {
  const stamp = await lastCatalogSync(harness.database.db);
  expect(stamp).toMatchObject({ offices: 3_567, officesAvailable: 3_567 - 85 });
  const next = await harness.database.db
    .selectFrom('scheduled_message')
    .select(['due_at', 'routing_key'])
    .where('dedupe_key', '=', 'sync-catalog')
    .executeTakeFirstOrThrow();
  expect(next.routing_key).toBe('origin.task.sync-catalog');
  expect(next.due_at.getTime() - harness.clock.now().getTime()).toBe(24 * 3_600_000);
});

test('preliminary search with findings: data[0] of contract 2.4, receipt archived, then finished 200', async () => {
  const owner = sample(0);
  const order = await harness.accept('pesquisa-previa-bens', {
    cpf_cnpj: owner.cpfCnpj,
    uf: owner.uf,
    nome: owner.nome,
  });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  const data = done.result?.data as Record<string, unknown>;
  expect(data).toMatchObject({
    resultado: 'POSITIVO',
    confianca: 'INDICIO',
    uf_pesquisada: owner.uf,
    protocolo_origem: done.numeroPedido,
  });
  expect(data.quantidade_imoveis).toBe((data.imoveis as unknown[]).length);
  expect(data.nada_consta).toBe(false);
  const matriculas = (data.imoveis as { matricula: string | null }[]).map((row) => row.matricula);
  for (const imovel of owner.imoveis) expect(matriculas).toContain(imovel.matricula);
  const row = (data.imoveis as Record<string, unknown>[])[0];
  expect(Object.keys(row ?? {}).sort()).toEqual(
    [
      'cartorio_cns',
      'cartorio_municipio',
      'cartorio_nome',
      'cartorio_numero',
      'cartorio_uf',
      'coleta_incompleta',
      'matricula',
      'sem_resposta',
    ].sort(),
  );
  const cobertura = data.cobertura as Record<string, number | boolean>;
  expect(cobertura.linhas_retornadas).toBe(cobertura.linhas_na_origem);
  expect(cobertura.leitura_parcial).toBe(
    (cobertura.cartorios_responderam as number) <
      (cobertura.cartorios_responderam as number) + (cobertura.cartorios_fora_do_ar as number),
  );
  expect(data.site_receipts).toEqual(done.siteReceipts);
  expect(done.siteReceipts[0]).toMatch(/comprovante\.pdf/);
  expect(await harness.waitForFinishedMessage(order.id)).toMatchObject({
    code: 200,
    numero_pedido: done.numeroPedido,
  });
});

test('preliminary search with no finding: 612, NEGATIVO, nada_consta only with a closed search and full coverage', async () => {
  // A valid CPF no one in the simulated world has.
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'RR' });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(612);
  const data = done.result?.data as Record<string, unknown>;
  const cobertura = data.cobertura as { leitura_parcial: boolean; retries_pendentes: boolean };
  expect(data).toMatchObject({ resultado: 'NEGATIVO', quantidade_imoveis: 0, imoveis: [], confianca: 'INDICIO' });
  expect(data.nada_consta).toBe(!cobertura.leitura_parcial && !cobertura.retries_pendentes);
  expect(data.provisorio).toBe(cobertura.retries_pendentes);
  expect(data.site_receipts).toHaveLength(1);
});

test('record view: data[0] of contract 2.5 (origin numbers, office, total paid), archived, finished SUCESSO', async () => {
  const owner = sample(1);
  const order = await harness.accept('visualizacao-matricula', propertyRequest(owner), 12_345);
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  expect(done.statusConsulta).toBe('SUCESSO');
  const data = done.result?.data as Record<string, unknown>;
  expect(data).toMatchObject({
    status_consulta: 'SUCESSO',
    identificadores: { numero_pedido: done.numeroPedido, matricula: owner.imoveis[0]?.matricula },
    dados: {
      municipio: owner.imoveis[0]?.cartorioMunicipio,
      uf: owner.imoveis[0]?.cartorioUf,
      total_pago: 'R$ 123,45',
    },
  });
  expect((data.dados as { cartorio: string }).cartorio).toMatch(/Registro de Im/);
  expect(data.mensagem).toMatch(/fé pública/);
  expect(data.documento_url).toMatch(new RegExp(`/v1/consultas/${done.protocolo}/documento$`));
  expect(done.siteReceipts).toHaveLength(1);
  expect(done.siteReceipts[0]).toMatch(/matricula\.pdf/);
  await harness.waitForFinishedMessage(order.id);
  expect(harness.finished).toContainEqual(
    expect.objectContaining({ order_id: order.id, code: 200, status_consulta: 'SUCESSO' }),
  );
  // The origin's fee for its order, from its answer, with its double entry (docs/decisions/0102).
  const fee = await registryFee(done.numeroPedido);
  expect(fee).toMatchObject({ fonte: 'visualizacao-matricula', source: 'answer', legs: 2 });
  expect(fee.fee_centavos).toBeGreaterThan(0);
});

test('certificate: EM_EMISSAO with the business-hours forecast, first check at the forecast, then Emitida', async () => {
  const owner = sample(2);
  const order = await harness.accept('certidao-inteiro-teor', propertyRequest(owner));
  const waiting = await harness.waitForState(order.id, ['awaiting_issue']);
  expect(waiting.statusConsulta).toBe('EM_EMISSAO');
  const data = waiting.result?.data as Record<string, unknown>;
  expect(data).toMatchObject({
    status_consulta: 'EM_EMISSAO',
    status: null,
    documento_url: null,
    certidao_codigo: null,
    identificadores: { numero_pedido: waiting.numeroPedido },
  });
  expect(data.mensagem).toMatch(new RegExp(waiting.numeroPedido ?? 'none'));
  const forecast = new Date(data.previsao_entrega_em as string);
  // Contract 2.6 / 8: 4 registry business hours in the OFFICE's time zone, from the catalog.
  const imovel = owner.imoveis[0];
  const office =
    imovel &&
    (await findOffice(harness.database.db, {
      uf: imovel.cartorioUf,
      municipio: imovel.cartorioMunicipio,
      numero: imovel.cartorioNumero,
    }));
  expect(office).toBeDefined();
  expect(forecast).toEqual(certificateForecast(harness.clock.now(), office?.timeZone ?? 'none'));
  // The origin charged the certificate when it accepted it; its issue does not record the fee a second time.
  const fee = await registryFee(waiting.numeroPedido);
  expect(fee).toMatchObject({ fonte: 'certidao-inteiro-teor', source: 'answer', legs: 2 });
  const check = await harness.database.db
    .selectFrom('scheduled_message')
    .select(['due_at', 'routing_key'])
    .where('dedupe_key', '=', `certificate-check:${order.id}`)
    .executeTakeFirstOrThrow();
  expect(check).toEqual({ due_at: forecast, routing_key: 'origin.task.check-order' });

  harness.clock.set(new Date(forecast.getTime() + 1_000));
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  expect(done.statusConsulta).toBe('SUCESSO');
  expect(done.result?.data).toMatchObject({
    status_consulta: 'SUCESSO',
    status: 'Emitida',
    previsao_entrega_em: forecast.toISOString(),
    identificadores: { numero_pedido: waiting.numeroPedido },
  });
  expect(((done.result?.data ?? {}) as { certidao_codigo: string }).certidao_codigo).toMatch(
    /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/,
  );
  expect(done.siteReceipts[0]).toMatch(/certidao\.pdf/);
  expect(await registryFee(waiting.numeroPedido)).toEqual(fee);
});

test('certificate accepted without protocol: finished INDISPONIVEL with a refunded code (contract 2.6)', async () => {
  const owner = sample(3);
  const order = await harness.accept('certidao-inteiro-teor', {
    ...propertyRequest(owner),
    imovel_matricula: magicMatricula('accepted-without-protocol'),
  });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(618);
  expect(isRefunded(618)).toBe(true);
  expect(done.statusConsulta).toBe('INDISPONIVEL');
  expect(done.result?.data).toMatchObject({
    status_consulta: 'INDISPONIVEL',
    identificadores: { numero_pedido: null },
  });
  expect(await harness.waitForFinishedMessage(order.id)).toMatchObject({ code: 618, status_consulta: 'INDISPONIVEL' });
});

test('a message on the origin queue that is no task is dead-lettered for an operator; the queue goes on', async () => {
  const payload = { kind: 'run-everything', order_id: 'x' };
  const dead = await publishToDeadLetter(harness.bus, QUEUE.originTasks, {
    id: crypto.randomUUID(),
    routingKey: 'origin.task.run-order',
    payload,
    headers: {},
  });
  expect(dead).toEqual(payload);
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'RR' });
  expect((await harness.waitForState(order.id, ['archiving', 'finished'])).attempts).toBe(1);
});
