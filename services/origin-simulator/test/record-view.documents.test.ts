import { expectKind, extractPdfText, ORIGIN_PATHS, type OriginPortal, type PropertyRef } from '@regapi/origin';
import type { SimOffice } from '../src/world/offices';
import type { SimRecord } from '../src/world/records';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

const DAY = 24 * 60 * 60 * 1000;

describe('record view: the PDF, its text layer, the record served, the 7-day rules (contract 2.5, contract 8)', () => {
  let started: StartedSimulator;
  let portal: OriginPortal;
  beforeAll(async () => {
    started = await startSimulator({ seed: 23 });
  });
  afterAll(() => started.close());
  beforeEach(async () => {
    await started.control.reset();
    portal = await started.loggedIn();
  });

  const world = () => started.simulator.world;
  const ref = (record: SimRecord, matricula = record.matricula): PropertyRef => {
    const office = world().officeByCns(record.cns);
    if (!office) throw new Error('record without office');
    return { matricula, cartorioNumero: office.numero, cartorioMunicipio: office.municipio, cartorioUf: office.uf };
  };
  const recordWhere = (
    officeTest: (office: SimOffice) => boolean,
    recordTest: (record: SimRecord) => boolean = () => true,
  ) => {
    const found = world().records.find((record) => {
      const office = world().officeByCns(record.cns);
      return !!office && officeTest(office) && recordTest(record);
    });
    if (!found) throw new Error('no record fits');
    return found;
  };
  const serving = (office: SimOffice) => office.disponivel && office.issuesOnline && !office.acceptsWithoutProtocol;

  it('has a text layer with the record content when the office provides one', async () => {
    const record = recordWhere((o) => serving(o) && !o.imageOnly);
    const { view } = expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
    const pdf = expectKind(await portal.downloadDocument(view.document.url, CALL), 'document');
    expect(pdf.document.contentType).toContain('application/pdf');
    const text = (await extractPdfText(pdf.document.bytes)) ?? '';
    expect(text).toContain('MATRÍCULA Nº');
    expect(text).toContain(view.cartorio.nome);
    expect(text).toContain('sem fé pública');
    const owner = world().personById(record.currentOwners[0] ?? -1);
    expect(text).toContain(owner?.nome.toUpperCase() ?? '?');
  });

  it('is image-only for offices that scan their books: no text layer at all', async () => {
    const record = recordWhere((o) => serving(o) && o.imageOnly);
    const { view } = expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
    const pdf = expectKind(await portal.downloadDocument(view.document.url, CALL), 'document');
    expect(await extractPdfText(pdf.document.bytes)).toBeNull();
    expect(Buffer.from(pdf.document.bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  it('serves the current record when asked for its former number: the registry overrides', async () => {
    const record = recordWhere(serving, (r) => r.matriculaAnterior !== null);
    const formerNumber = record.matriculaAnterior ?? '';
    const { view } = expectKind(await portal.orderRecordView(ref(record, formerNumber), undefined, CALL), 'delivered');
    expect(view.matriculaSolicitada).toBe(formerNumber);
    expect(view.matricula).toBe(record.matricula);
    expect(view.matricula).not.toBe(formerNumber);
  });

  it('accepts the record number with leading zeros, or as a national record code (CNM)', async () => {
    const records = world().records.filter((r) => {
      const office = world().officeByCns(r.cns);
      return !!office && serving(office);
    });
    const [first, second] = records;
    if (!first || !second) throw new Error('not enough records');
    const padded = expectKind(
      await portal.orderRecordView(ref(first, `000${first.matricula}`), undefined, CALL),
      'delivered',
    );
    expect(padded.view.matricula).toBe(first.matricula);
    const byCnm = expectKind(await portal.orderRecordView(ref(second, second.cnm), undefined, CALL), 'delivered');
    expect(byCnm.view.matricula).toBe(second.matricula);
  });

  it("expires the origin's link after 7 days", async () => {
    const record = recordWhere(serving);
    const { view } = expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
    await started.control.advanceTime?.(7 * DAY - 60_000);
    expectKind(await portal.downloadDocument(view.document.url, CALL), 'document');
    await started.control.advanceTime?.(2 * 60_000);
    expectKind(await portal.downloadDocument(view.document.url, CALL), 'link-expired');
  });

  it('refuses a tampered link as not found', async () => {
    const record = recordWhere(serving);
    const { view } = expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
    const tampered = view.document.url.replace(
      /expira=(\d+)/,
      (_all, seconds: string) => `expira=${Number(seconds) + 86_400}`,
    );
    expectKind(await portal.downloadDocument(tampered, CALL), 'document-not-found');
  });

  it('blocks the same record and office for 7 days from the order, then accepts it again', async () => {
    const record = recordWhere(serving);
    const ordered = started.simulator.clock.now().getTime();
    expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
    const blocked = expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'repeated-order');
    expect(Date.parse(blocked.aceitaAPartirDe)).toBe(ordered + 7 * DAY);
    // The certificate is another product: not blocked by the view.
    expectKind(await portal.orderCertificate(ref(record), CALL), 'accepted');
    await started.control.advanceTime?.(7 * DAY);
    portal = await started.loggedIn();
    expectKind(await portal.orderRecordView(ref(record), undefined, CALL), 'delivered');
  });

  it('answers as the office is: out of service, not issuing online, accepting a certificate without protocol', async () => {
    const down = recordWhere((o) => !o.disponivel);
    // Issue 12: one office out of service is its own answer, naming the office, never "the service is unavailable".
    const office = started.simulator.world.officeByCns(down.cns);
    expect(expectKind(await portal.orderRecordView(ref(down), undefined, CALL), 'office-unavailable').cns).toBe(
      office?.cns,
    );
    expectKind(await portal.orderCertificate(ref(down), CALL), 'office-unavailable');
    const offline = recordWhere((o) => o.disponivel && !o.issuesOnline);
    expectKind(await portal.orderRecordView(ref(offline), undefined, CALL), 'cannot-issue-online');
    const noProtocol = recordWhere((o) => o.disponivel && o.issuesOnline && o.acceptsWithoutProtocol);
    expectKind(await portal.orderCertificate(ref(noProtocol), CALL), 'accepted-without-protocol');
  });

  it('refuses an office given as a label instead of its number (contract 2.3)', async () => {
    const login = await fetch(`${started.url}${ORIGIN_PATHS.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'regapi', senha: 'simulador' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const record = recordWhere(serving);
    const property = ref(record);
    const response = await fetch(`${started.url}${ORIGIN_PATHS.recordViews}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        matricula: property.matricula,
        cartorio: '1º Ofício',
        municipio: property.cartorioMunicipio,
        uf: property.cartorioUf,
      }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { erro: string }).erro).toBe('DADOS_RECUSADOS');
  });

  it('lists a view still being produced after its call timed out, then delivered', async () => {
    const record = recordWhere(serving);
    await started.control.armFault?.('timeout-after-order', 'record-view');
    expectKind(await portal.orderRecordView(ref(record), undefined, { timeoutMs: 5 }), 'timeout');
    portal = await started.loggedIn();
    const { orders } = expectKind(await portal.listOrders(new Date(0), CALL), 'orders');
    const [order] = orders;
    expect(order?.produto).toBe('visualizacao');
    expect(order?.situacao).toBe('em_andamento');
    expect(order?.documento).toBeNull();
    expectKind(await portal.checkOrder(order?.numeroPedido ?? '', CALL), 'record-view-in-progress');
    await started.control.advanceTime?.(10 * 60_000);
    portal = await started.loggedIn();
    const done = expectKind(await portal.checkOrder(order?.numeroPedido ?? '', CALL), 'delivered');
    expect(done.view.matricula).toBe(record.matricula);
  });
});
