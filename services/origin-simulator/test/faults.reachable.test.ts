import {
  type CallOptions,
  expectKind,
  expectSearchAnswer,
  ORIGIN_OPERATIONS,
  type OriginFault,
  type OriginOperation,
  type OriginPortal,
  type OriginSample,
} from '@regapi/origin';
import { FAULTS_BY_OPERATION, magicCnpj, magicCpf, magicMatricula } from '../src';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

/** What the driver reports for each fault (the retries-pending search is checked on its own below). */
const EXPECTED: Readonly<Record<OriginFault, string>> = {
  timeout: 'timeout',
  down: 'down',
  blocked: 'blocked',
  captcha: 'captcha',
  overloaded: 'overloaded',
  'too-many-attempts': 'too-many-attempts',
  'session-kicked': 'session-lost',
  'service-invalid': 'service-invalid',
  'service-unavailable': 'service-unavailable',
  'receipt-error': 'receipt-error',
  'data-refused': 'data-refused',
  'data-changed': 'data-changed',
  'cannot-issue-online': 'cannot-issue-online',
  'nothing-found': 'nothing-found',
  'accepted-without-protocol': 'accepted-without-protocol',
  'timeout-after-order': 'timeout',
  'retries-pending': 'found',
  'order-not-found': 'order-not-found',
};

/** A timeout fault holds the call for the origin's full limit: a short caller timeout keeps the test fast. */
const SHORT: CallOptions = { timeoutMs: 150 };

describe('every fault of the table is reachable (issue 3, contract 7)', () => {
  let started: StartedSimulator;
  let portal: OriginPortal;
  let sample: OriginSample;
  beforeAll(async () => {
    started = await startSimulator({ seed: 3 });
    const samples = await started.control.samples();
    const first = samples[0];
    if (!first) throw new Error('no samples');
    sample = first;
  });
  afterAll(() => started.close());
  beforeEach(async () => {
    await started.control.reset();
    portal = await started.loggedIn();
  });

  const property = () => {
    const found = sample.imoveis[0];
    if (!found) throw new Error('sample without property');
    return found;
  };

  async function run(operation: OriginOperation, call: CallOptions): Promise<{ readonly kind: string }> {
    switch (operation) {
      case 'login':
        return portal.login(call);
      case 'search':
        return portal.searchProperties({ cpfCnpj: sample.cpfCnpj, uf: sample.uf }, call);
      case 'record-view':
        return portal.orderRecordView(property(), undefined, call);
      case 'certificate':
        return portal.orderCertificate(property(), call);
      case 'check-order':
        return portal.checkOrder('1', call);
      case 'list-orders':
        return portal.listOrders(new Date(0), call);
      case 'catalog':
        return portal.fetchCatalog(call);
      case 'tariffs':
        return portal.fetchTariffs(call);
      case 'download': {
        const { search } = expectKind(
          await portal.searchProperties({ cpfCnpj: sample.cpfCnpj, uf: sample.uf }, CALL),
          'found',
        );
        return portal.downloadDocument(search.receiptUrl, call);
      }
    }
  }

  const pairs = ORIGIN_OPERATIONS.flatMap((operation) =>
    FAULTS_BY_OPERATION[operation].map((fault) => ({ operation, fault, expected: EXPECTED[fault] })),
  );

  it.each(pairs)('POST /control/faults: $fault on $operation → $expected', async ({ operation, fault, expected }) => {
    await started.control.armFault?.(fault, operation);
    const outcome = await run(operation, fault === 'timeout' || fault === 'timeout-after-order' ? SHORT : CALL);
    expect(outcome.kind).toBe(expected);
  });

  const searchFaults = FAULTS_BY_OPERATION.search;
  it.each(searchFaults)('magic CPF and CNPJ select %s on the search', async (fault) => {
    const call = fault === 'timeout' ? SHORT : CALL;
    for (const document of [magicCpf(fault), magicCnpj(fault)]) {
      await started.control.reset();
      portal = await started.loggedIn();
      const outcome = await portal.searchProperties({ cpfCnpj: document, uf: 'MG' }, call);
      // A magic document owns nothing: the retried search closes empty.
      expect(outcome.kind).toBe(fault === 'retries-pending' ? 'nothing-found' : EXPECTED[fault]);
    }
  });

  const propertyFaults = [
    ...FAULTS_BY_OPERATION['record-view'].map((fault) => ({ fault, product: 'record-view' as const })),
    ...FAULTS_BY_OPERATION.certificate.map((fault) => ({ fault, product: 'certificate' as const })),
  ];
  it.each(propertyFaults)('magic matrícula selects $fault on the $product', async ({ fault, product }) => {
    const magic = { ...property(), matricula: magicMatricula(fault, 42) };
    const call = fault === 'timeout' || fault === 'timeout-after-order' ? SHORT : CALL;
    const outcome =
      product === 'record-view'
        ? await portal.orderRecordView(magic, undefined, call)
        : await portal.orderCertificate(magic, call);
    expect(outcome.kind).toBe(EXPECTED[fault]);
  });

  it('retries pending: provisional with offices left to answer, closed by a check after the retry window', async () => {
    await started.control.armFault?.('retries-pending', 'search');
    const { search } = expectKind(
      await portal.searchProperties({ cpfCnpj: sample.cpfCnpj, uf: sample.uf }, CALL),
      'found',
    );
    expect(search.coverage.retriesPendentes).toBe(true);
    expect(search.rows.some((row) => row.semResposta)).toBe(true);
    const early = expectSearchAnswer(await portal.checkOrder(search.numeroPedido, CALL));
    expect(early.search.coverage.retriesPendentes).toBe(true);
    await started.control.advanceTime?.(10 * 60 * 1000);
    const closed = expectSearchAnswer(await portal.checkOrder(search.numeroPedido, CALL));
    expect(closed.search.coverage.retriesPendentes).toBe(false);
    expect(closed.search.rows.filter((row) => row.semResposta).length).toBeLessThan(
      search.rows.filter((row) => row.semResposta).length,
    );
  });

  it('order not found: an accepted certificate is unknown to its checks while armed, then known again', async () => {
    const accepted = expectKind(await portal.orderCertificate(property(), CALL), 'accepted');
    const numero = accepted.certificate.numeroPedido;
    await started.control.armFault?.('order-not-found', 'check-order', 2);
    expect((await portal.checkOrder(numero, CALL)).kind).toBe('order-not-found');
    expect((await portal.checkOrder(numero, CALL)).kind).toBe('order-not-found');
    expect((await portal.checkOrder(numero, CALL)).kind).toBe('accepted');
  });

  it('a fault armed for several calls hits each of them, then stops', async () => {
    await started.control.armFault?.('overloaded', 'tariffs', 2);
    expect((await portal.fetchTariffs(CALL)).kind).toBe('overloaded');
    const second = expectKind(await portal.fetchTariffs(CALL), 'overloaded');
    expect(second.retryAfterSeconds).toBe(30);
    expect((await portal.fetchTariffs(CALL)).kind).toBe('tariffs');
  });

  it('refuses to arm a fault on an operation that cannot meet it', async () => {
    const response = await fetch(`${started.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: 'receipt-error', operation: 'catalog' }),
    });
    expect(response.status).toBe(400);
  });
});
