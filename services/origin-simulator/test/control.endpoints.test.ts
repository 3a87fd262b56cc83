import { isValidCnpj, isValidCpf } from '@regapi/br';
import { expectKind } from '@regapi/origin';
import type { ControlSamples } from '../src';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

describe('control endpoints for demos and tests (issue 3)', () => {
  let started: StartedSimulator;
  beforeAll(async () => {
    started = await startSimulator({ seed: 1 });
  });
  afterAll(() => started.close());
  beforeEach(() => started.control.reset());

  it('GET /control/samples: at least 10 owners over several UFs, CPFs and numeric and alphanumeric CNPJs', async () => {
    const body = (await (await fetch(`${started.url}/control/samples`)).json()) as ControlSamples;
    expect(body.owners.length).toBeGreaterThanOrEqual(10);
    expect(new Set(body.owners.map((owner) => owner.uf)).size).toBeGreaterThanOrEqual(5);
    const documents = body.owners.map((owner) => owner.cpf_cnpj.replace(/[./-]/g, ''));
    expect(documents.some((doc) => doc.length === 11 && isValidCpf(doc))).toBe(true);
    expect(documents.some((doc) => /^\d{14}$/.test(doc) && isValidCnpj(doc))).toBe(true);
    expect(documents.some((doc) => /[A-Z]/.test(doc) && isValidCnpj(doc))).toBe(true);
    for (const owner of body.owners) {
      expect(Object.keys(owner).sort()).toEqual(['cpf_cnpj', 'imoveis', 'nome', 'uf']);
      for (const imovel of owner.imoveis) {
        expect(Object.keys(imovel).sort()).toEqual([
          'cartorio_municipio',
          'cartorio_numero',
          'cartorio_uf',
          'matricula',
        ]);
      }
    }
  });

  it('keeps samples out of the UF whose search fee is unknown, and each chains into a record view', async () => {
    const portal = await started.loggedIn();
    const { tariffs } = expectKind(await portal.fetchTariffs(CALL), 'tariffs');
    const zero = tariffs.pesquisaPrevia.find((fee) => fee.pesquisaPreviaCentavos === 0)?.uf;
    const samples = await started.control.samples();
    expect(samples.map((sample) => sample.uf)).not.toContain(zero);
    for (const sample of samples.slice(0, 4)) {
      const { search } = expectKind(
        await portal.searchProperties({ cpfCnpj: sample.cpfCnpj, uf: sample.uf }, CALL),
        'found',
      );
      const row = search.rows.find((r) => r.matricula === sample.imoveis[0]?.matricula);
      if (!row?.matricula) throw new Error('the sample property is not in its search');
      const property = {
        matricula: row.matricula,
        cartorioNumero: row.cartorioNumero,
        cartorioMunicipio: row.cartorioMunicipio,
        cartorioUf: row.cartorioUf,
      };
      expectKind(await portal.orderRecordView(property, undefined, CALL), 'delivered');
    }
  });

  it('GET /control/orders lists every order received with its protocol, none placed twice', async () => {
    const portal = await started.loggedIn();
    const [owner] = await started.control.samples();
    const property = owner?.imoveis[0];
    if (!owner || !property) throw new Error('no sample');
    await portal.searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, CALL);
    await portal.orderRecordView(property, undefined, CALL);
    await portal.orderRecordView(property, undefined, CALL); // refused: repeated
    await portal.orderCertificate(property, CALL);
    const orders = (await started.control.receivedOrders?.()) ?? [];
    expect(orders.map((order) => [order.operation, order.result])).toEqual([
      ['search', 'POSITIVO'],
      ['record-view', 'ENTREGUE'],
      ['record-view', 'PEDIDO_REPETIDO'],
      ['certificate', 'EM_ANDAMENTO'],
    ]);
    const protocols = orders.map((order) => order.numeroPedido).filter((numero) => numero !== null);
    expect(protocols).toHaveLength(3);
    expect(new Set(protocols).size).toBe(3);
    expect(protocols.every((numero) => /^\d+$/.test(numero ?? ''))).toBe(true);
  });

  it('POST /control/reset forgets orders, sessions and faults; the clock goes back', async () => {
    const portal = await started.loggedIn();
    await started.control.armFault?.('blocked', 'tariffs');
    await started.control.advanceTime?.(60_000);
    await started.control.reset();
    expect(await started.control.receivedOrders?.()).toEqual([]);
    expectKind(await portal.fetchTariffs(CALL), 'session-lost');
    const fresh = await started.loggedIn();
    expectKind(await fresh.fetchTariffs(CALL), 'tariffs');
    const clock = (await (await fetch(`${started.url}/control/clock`)).json()) as { now: string };
    expect(clock.now).toBe(started.simulator.clock.now().toISOString());
  });

  it('PUT /control/offices/:cns takes one office out everywhere the origin shows it, until put back or reset', async () => {
    const [owner] = await started.control.samples();
    const property = owner?.imoveis[0];
    if (!owner || !property) throw new Error('no sample');
    const office = started.simulator.world.findOffice(
      property.cartorioUf,
      property.cartorioMunicipio,
      property.cartorioNumero,
    );
    if (!office) throw new Error('no sample office');
    let portal = await started.loggedIn();
    const before = expectKind(await portal.searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, CALL), 'found');

    await started.control.setOfficeAvailable?.(office.cns, false);
    const listed = expectKind(await portal.fetchCatalog(CALL), 'catalog').catalog.offices;
    expect(listed.find((o) => o.cns === office.cns)?.disponivel).toBe(false);
    expect(listed.filter((o) => !o.disponivel)).toHaveLength(86);
    expect(expectKind(await portal.orderRecordView(property, undefined, CALL), 'office-unavailable').cns).toBe(
      office.cns,
    );
    const during = expectKind(await portal.searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, CALL), 'found');
    expect(during.search.coverage.cartoriosForaDoAr).toBe(before.search.coverage.cartoriosForaDoAr + 1);
    const rowsThere = during.search.rows.filter((row) => row.cartorioCns === office.cns);
    expect(rowsThere.length).toBeGreaterThan(0);
    expect(rowsThere.every((row) => row.semResposta)).toBe(true);
    expect(await (await fetch(`${started.url}/control/offices`)).json()).toEqual({
      changed: [{ cns: office.cns, disponivel: false }],
    });

    await started.control.setOfficeAvailable?.(office.cns, true);
    expectKind(await portal.orderRecordView(property, undefined, CALL), 'delivered');

    await started.control.setOfficeAvailable?.(office.cns, false);
    await started.control.reset();
    portal = await started.loggedIn();
    const reset = expectKind(await portal.fetchCatalog(CALL), 'catalog').catalog.offices;
    expect(reset.find((o) => o.cns === office.cns)?.disponivel).toBe(true);

    const put = (cns: string, body: unknown) =>
      fetch(`${started.url}/control/offices/${cns}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put(office.cns, { situacao: 'QUEBRADO' })).status).toBe(400);
    expect((await put('000000', { situacao: 'FORA_DO_AR' })).status).toBe(404);
  });

  it('refuses malformed control requests', async () => {
    const bad = await fetch(`${started.url}/control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: -5 }),
    });
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${started.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: 'meteor', operation: 'search' }),
    });
    expect(unknown.status).toBe(400);
  });
});
