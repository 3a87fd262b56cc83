import { isValidCpfCnpj } from '@regapi/br';
import type { CallOptions } from '../call-options';
import type { Office } from '../catalog';
import type { OriginPortal } from '../origin-portal';
import { extractPdfText, findValidatorCode } from '../pdf-text';
import type { PropertyRef } from '../property';
import { expectKind, expectSearchAnswer } from './expect-kind';
import type { OriginControl, OriginFault, OriginOperation, OriginSample } from './origin-control';

/** What a contract run needs: the portal under test, its control, and a way to open a second client. */
export interface ContractSubject {
  readonly portal: OriginPortal;
  readonly control: OriginControl;
  /** A second, independent client of the SAME account (for the single-session rules). */
  connect(): OriginPortal;
  close(): Promise<void>;
}

/** The optional parts of an `OriginControl` some contract tests need. */
export type OptionalControl = 'armFault' | 'advanceTime' | 'setOfficeAvailable';

export interface ContractOptions {
  /** Timeout given to every call. Default 30000. */
  readonly callTimeoutMs?: number;
  /**
   * The optional controls this driver's origin cannot offer (the real portal: all of them). The tests needing one are
   * registered skipped, with the missing control in their title, so jest counts them; a test meeting a control that is
   * absent but not declared here fails (decision 0118).
   */
  readonly withoutControls?: readonly OptionalControl[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Not in any registry: the first CPF of the numbering, check digits included. */
export const UNKNOWN_CPF = '00000000191';

/**
 * The behaviour every `OriginPortal` driver must show (issue 3), written only against the port and a small control.
 * Tests that need a control feature the origin lacks (faults, moving the clock) are skipped when the driver declares
 * the lack (`withoutControls`), so the same suite proves a future driver of the real portal; an undeclared lack fails.
 * Call it at the top level of a jest test file.
 */
export function originPortalContract(
  name: string,
  makePortal: () => Promise<ContractSubject>,
  options: ContractOptions = {},
): void {
  const call: CallOptions = { timeoutMs: options.callTimeoutMs ?? 30_000 };
  const without = new Set(options.withoutControls ?? []);
  /** `it`, or `it.skip` with the reason in the title when the driver declared a control the test needs missing. */
  const itNeeding = (...needs: readonly OptionalControl[]): { title: (title: string) => string; it: jest.It } => {
    const missing = needs.filter((need) => without.has(need));
    if (missing.length === 0) return { title: (title) => title, it };
    return { title: (title) => `${title} (skipped: the driver has no ${missing.join(', ')})`, it: it.skip };
  };

  describe(`OriginPortal contract: ${name}`, () => {
    let subject: ContractSubject;
    let samples: readonly OriginSample[];
    const portal = (): OriginPortal => subject.portal;
    const control = (): OriginControl => subject.control;

    beforeAll(async () => {
      subject = await makePortal();
      samples = await subject.control.samples();
    });
    afterAll(async () => {
      await subject?.close();
    });
    beforeEach(async () => {
      await control().reset();
      expectKind(await portal().login(call), 'logged-in');
    });

    /** An optional control the test needs: absent without being declared in `withoutControls`, the test fails. */
    const need = <K extends OptionalControl>(name: K): NonNullable<OriginControl[K]> => {
      const feature = control()[name];
      if (feature === null) {
        throw new Error(
          `the driver's control has no ${name}: declare it in withoutControls to skip the tests needing it`,
        );
      }
      return feature;
    };

    const sample = (index = 0): OriginSample => {
      const found = samples[index % samples.length];
      if (!found) throw new Error('the origin gave no samples');
      return found;
    };
    const property = (index = 0): PropertyRef => {
      const found = sample(index).imoveis[0];
      if (!found) throw new Error(`sample ${index} owns no property`);
      return found;
    };

    describe('samples', () => {
      it('are people with valid documents, each owning properties in the offices of their UF', () => {
        expect(samples.length).toBeGreaterThanOrEqual(10);
        expect(new Set(samples.map((s) => s.uf)).size).toBeGreaterThan(1);
        for (const s of samples) {
          expect(isValidCpfCnpj(s.cpfCnpj)).toBe(true);
          expect(s.imoveis.length).toBeGreaterThan(0);
          for (const imovel of s.imoveis) expect(imovel.cartorioUf).toBe(s.uf);
        }
      });
    });

    describe('one account, one session', () => {
      it('a new login invalidates the previous session', async () => {
        const other = subject.connect();
        expect(expectKind(await other.fetchTariffs(call), 'session-lost').reason).toBe('missing');
        expectKind(await other.login(call), 'logged-in');
        expectKind(await other.fetchTariffs(call), 'tariffs');
        expect(expectKind(await portal().fetchTariffs(call), 'session-lost').reason).toBe('expired');
        expectKind(await portal().login(call), 'logged-in');
        expectKind(await portal().fetchTariffs(call), 'tariffs');
        expectKind(await other.fetchTariffs(call), 'session-lost');
      });

      it('a second call while one is running on the session is refused', async () => {
        const running = portal().searchProperties({ cpfCnpj: sample().cpfCnpj, uf: sample().uf }, call);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expectKind(await portal().fetchTariffs(call), 'session-busy');
        expectKind(await running, 'found');
        expectKind(await portal().fetchTariffs(call), 'tariffs');
      });

      it('a call that outlives the caller timeout is reported as a timeout by the caller', async () => {
        const outcome = await portal().searchProperties(
          { cpfCnpj: sample().cpfCnpj, uf: sample().uf },
          { timeoutMs: 1 },
        );
        expect(expectKind(outcome, 'timeout').by).toBe('caller');
      });
    });

    describe('catalog and tariffs', () => {
      it('lists offices with their CNS, number, municipality, UF and availability', async () => {
        const { catalog } = expectKind(await portal().fetchCatalog(call), 'catalog');
        expect(catalog.offices.length).toBeGreaterThan(0);
        expect(new Set(catalog.offices.map((o) => o.cns)).size).toBe(catalog.offices.length);
        for (const office of catalog.offices.slice(0, 200)) {
          expect(office.cns).toMatch(/^\d{6}$/);
          expect(office.numero).toBeGreaterThanOrEqual(1);
          expect(office.nome).toContain('Registro de Imóveis');
        }
        for (const s of samples) {
          for (const imovel of s.imoveis) {
            expect(catalog.offices).toContainEqual(
              expect.objectContaining({
                numero: imovel.cartorioNumero,
                municipio: imovel.cartorioMunicipio,
                uf: imovel.cartorioUf,
              }),
            );
          }
        }
      });

      it('prices every office; the record view costs a third of the certificate (Provimento CNJ 127/2022)', async () => {
        const { catalog } = expectKind(await portal().fetchCatalog(call), 'catalog');
        const { tariffs } = expectKind(await portal().fetchTariffs(call), 'tariffs');
        const fees = new Map(tariffs.cartorios.map((fee) => [fee.cns, fee]));
        for (const office of catalog.offices) {
          const fee = fees.get(office.cns);
          expect(fee).toBeDefined();
          if (!fee) continue;
          expect(Number.isInteger(fee.certidaoCentavos)).toBe(true);
          expect(Math.abs(fee.visualizacaoCentavos * 3 - fee.certidaoCentavos)).toBeLessThanOrEqual(2);
        }
        const ufs = new Set(catalog.offices.map((o) => o.uf));
        expect(new Set(tariffs.pesquisaPrevia.map((f) => f.uf))).toEqual(ufs);
      });
    });

    describe('preliminary search', () => {
      it('finds a known owner: one row per record, the origin protocol, run time and a receipt', async () => {
        const owner = sample();
        const { search } = expectKind(
          await portal().searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf, nome: owner.nome }, call),
          'found',
        );
        expect(search.numeroPedido).not.toBe('');
        expect(search.ufPesquisada).toBe(owner.uf);
        expect(Number.isNaN(Date.parse(search.executadaEm))).toBe(false);
        expect(search.coverage.linhas).toBe(search.rows.length);
        expect(search.coverage.cartoriosResponderam).toBeLessThanOrEqual(search.coverage.cartoriosTotal);
        expect(search.varreduraMs).toBeLessThanOrEqual(search.duracaoMs);
        for (const imovel of owner.imoveis) {
          expect(search.rows).toContainEqual(
            expect.objectContaining({
              cartorioNumero: imovel.cartorioNumero,
              cartorioMunicipio: imovel.cartorioMunicipio,
            }),
          );
        }
        const receipt = expectKind(await portal().downloadDocument(search.receiptUrl, call), 'document');
        expect(isPdfOrPng(receipt.document.bytes)).toBe(true);
      });

      it('echoes the sent name without checking it; the search key is the document', async () => {
        const owner = sample(1);
        const { search } = expectKind(
          await portal().searchProperties(
            { cpfCnpj: owner.cpfCnpj, uf: owner.uf, nome: 'Nome Qualquer Não Conferido' },
            call,
          ),
          'found',
        );
        expect(normalizeName(search.pesquisadoNome ?? '')).toBe('NOME QUALQUER NAO CONFERIDO');
        expect(search.pesquisadoDocumento.replace(/[./-]/g, '')).toBe(owner.cpfCnpj.replace(/[./-]/g, ''));
      });

      it('answers nothing found for an unknown document, with a receipt all the same', async () => {
        const outcome = await portal().searchProperties({ cpfCnpj: UNKNOWN_CPF, uf: sample().uf }, call);
        const { search } = expectKind(outcome, 'nothing-found');
        expect(search.rows).toHaveLength(0);
        expect(search.coverage.linhas).toBe(0);
        expectKind(await portal().downloadDocument(search.receiptUrl, call), 'document');
      });

      it('is found again by its protocol', async () => {
        const owner = sample(2);
        const { search } = expectKind(
          await portal().searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, call),
          'found',
        );
        const checked = expectSearchAnswer(await portal().checkOrder(search.numeroPedido, call));
        expect(checked.search.numeroPedido).toBe(search.numeroPedido);
        expect(checked.search.rows.length).toBe(search.rows.length);
      });
    });

    describe('record view', () => {
      it('delivers the record as a PDF whose origin link expires after 7 days', async () => {
        const { view } = expectKind(await portal().orderRecordView(property(0), undefined, call), 'delivered');
        expect(view.numeroPedido).not.toBe('');
        expect(view.matricula).not.toBe('');
        expect(view.cartorio.uf).toBe(property(0).cartorioUf);
        expect(view.valorCentavos).toBeGreaterThan(0);
        const lifetime = Date.parse(view.document.expiresAt) - Date.parse(view.entregueEm);
        expect(lifetime).toBeGreaterThan(6.9 * DAY_MS);
        expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS);
        const pdf = expectKind(await portal().downloadDocument(view.document.url, call), 'document');
        expect(isPdf(pdf.document.bytes)).toBe(true);
      });

      it('refuses the same record and office again within 7 days, saying when it accepts again', async () => {
        const before = Date.now();
        expectKind(await portal().orderRecordView(property(1), 2, call), 'delivered');
        const repeated = expectKind(await portal().orderRecordView(property(1), 2, call), 'repeated-order');
        expect(Date.parse(repeated.aceitaAPartirDe)).toBeGreaterThan(before + 6 * DAY_MS);
      });

      it('lists the order for reconciliation and finds it by protocol', async () => {
        const since = new Date(Date.now() - 60_000);
        const { view } = expectKind(await portal().orderRecordView(property(2), undefined, call), 'delivered');
        const { orders } = expectKind(await portal().listOrders(since, call), 'orders');
        expect(orders).toContainEqual(
          expect.objectContaining({ numeroPedido: view.numeroPedido, produto: 'visualizacao', situacao: 'concluido' }),
        );
        const checked = expectKind(await portal().checkOrder(view.numeroPedido, call), 'delivered');
        expect(checked.view.numeroPedido).toBe(view.numeroPedido);
      });

      it('answers nothing found for a record the office does not have', async () => {
        const missing = { ...property(3), matricula: '9999999' };
        expectKind(await portal().orderRecordView(missing, undefined, call), 'nothing-found');
      });

      it('refuses an office that does not exist in that municipality', async () => {
        const wrong = { ...property(4), cartorioMunicipio: 'Município Que Não Existe' };
        expectKind(await portal().orderRecordView(wrong, undefined, call), 'data-refused');
      });
    });

    describe('certificate', () => {
      it('is accepted with a protocol and a forecast, then shown as open while in the registry queue', async () => {
        const { certificate } = expectKind(await portal().orderCertificate(property(5), call), 'accepted');
        expect(certificate.numeroPedido).not.toBe('');
        expect(Date.parse(certificate.previsaoEntregaEm)).toBeGreaterThan(Date.parse(certificate.aceitoEm));
        expect(certificate.valorCentavos).toBeGreaterThan(0);
        const checked = expectKind(await portal().checkOrder(certificate.numeroPedido, call), 'accepted');
        expect(checked.certificate.numeroPedido).toBe(certificate.numeroPedido);
      });

      it('is not in the order listing: no listing recovers a certificate (contract 2.6)', async () => {
        const since = new Date(Date.now() - 60_000);
        const { certificate } = expectKind(await portal().orderCertificate(property(6), call), 'accepted');
        const { orders } = expectKind(await portal().listOrders(since, call), 'orders');
        expect(orders.map((o) => o.numeroPedido)).not.toContain(certificate.numeroPedido);
      });

      it('refuses the same record and office again within 7 days', async () => {
        const { certificate } = expectKind(await portal().orderCertificate(property(7), call), 'accepted');
        const repeated = expectKind(await portal().orderCertificate(property(7), call), 'repeated-order');
        // The portal names the order in force when it has one (docs/decisions/0110); a driver that cannot read it says
        // null, never another order's protocol.
        expect([certificate.numeroPedido, null]).toContain(repeated.numeroPedido);
      });

      const withClock = itNeeding('advanceTime');
      withClock.it(
        withClock.title('is delivered after its term as a PDF with the validator code in its text layer'),
        async () => {
          const advance = need('advanceTime');
          const { certificate } = expectKind(await portal().orderCertificate(property(8), call), 'accepted');
          const term = Date.parse(certificate.previsaoEntregaEm) - Date.parse(certificate.aceitoEm);
          let state = await portal().checkOrder(certificate.numeroPedido, call);
          for (let round = 0; round < 6 && state.kind !== 'certificate-issued'; round++) {
            await advance(term);
            expectKind(await portal().login(call), 'logged-in');
            state = await portal().checkOrder(certificate.numeroPedido, call);
          }
          const issued = expectKind(state, 'certificate-issued').certificate;
          expect(issued.numeroPedido).toBe(certificate.numeroPedido);
          const pdf = expectKind(await portal().downloadDocument(issued.document.url, call), 'document');
          expect(isPdf(pdf.document.bytes)).toBe(true);
          const text = await extractPdfText(pdf.document.bytes);
          expect(text).not.toBeNull();
          expect(findValidatorCode(text ?? '')).toBe(issued.codigoValidacao);
        },
      );
    });

    describe('an office out of service (issue 12)', () => {
      /** A record number no office uses for a record: the office's state is answered before any record is sought. */
      const anyRecord = '1';
      const at = (office: Office): PropertyRef => ({
        matricula: anyRecord,
        cartorioNumero: office.numero,
        cartorioMunicipio: office.municipio,
        cartorioUf: office.uf,
      });

      it('refuses orders at an office the catalog lists out of service, naming it; other offices still serve', async () => {
        const { catalog } = expectKind(await portal().fetchCatalog(call), 'catalog');
        const down = catalog.offices.find((office) => !office.disponivel);
        // An origin with every office in service has nothing to show here: a failure, not a silent pass.
        if (!down) throw new Error('the catalog lists no office out of service');
        const view = expectKind(await portal().orderRecordView(at(down), undefined, call), 'office-unavailable');
        expect([down.cns, null]).toContain(view.cns);
        expectKind(await portal().orderCertificate(at(down), call), 'office-unavailable');
        // One office, not the product: the same product at an office in service delivers.
        expectKind(await portal().orderRecordView(property(10), undefined, call), 'delivered');
      });

      const withOffices = itNeeding('setOfficeAvailable');
      withOffices.it(
        withOffices.title(
          'an office that goes out of service after the catalog was read: refused, listed out, and back when it returns',
        ),
        async () => {
          const setOffice = need('setOfficeAvailable');
          const target = property(11);
          const { catalog } = expectKind(await portal().fetchCatalog(call), 'catalog');
          const office = catalog.offices.find(
            (o) =>
              o.numero === target.cartorioNumero &&
              o.municipio === target.cartorioMunicipio &&
              o.uf === target.cartorioUf,
          );
          if (!office) throw new Error('the sample office is not in the catalog');
          expect(office.disponivel).toBe(true);

          await setOffice(office.cns, false);
          expect(expectKind(await portal().orderRecordView(target, undefined, call), 'office-unavailable').cns).toBe(
            office.cns,
          );
          const listed = expectKind(await portal().fetchCatalog(call), 'catalog').catalog.offices;
          expect(listed.find((o) => o.cns === office.cns)?.disponivel).toBe(false);

          await setOffice(office.cns, true);
          const back = expectKind(await portal().fetchCatalog(call), 'catalog').catalog.offices;
          expect(back.find((o) => o.cns === office.cns)?.disponivel).toBe(true);
          expectKind(await portal().orderRecordView(target, undefined, call), 'delivered');
        },
      );
    });

    describe('orders', () => {
      it('an unknown protocol is not found', async () => {
        expectKind(await portal().checkOrder('0', call), 'order-not-found');
      });
    });

    describe('faults', () => {
      const cases: readonly { fault: OriginFault; operation: OriginOperation; expected: string }[] = [
        { fault: 'timeout', operation: 'search', expected: 'timeout' },
        { fault: 'down', operation: 'catalog', expected: 'down' },
        { fault: 'down', operation: 'download', expected: 'down' },
        { fault: 'blocked', operation: 'login', expected: 'blocked' },
        { fault: 'captcha', operation: 'login', expected: 'captcha' },
        { fault: 'overloaded', operation: 'tariffs', expected: 'overloaded' },
        { fault: 'too-many-attempts', operation: 'login', expected: 'too-many-attempts' },
        { fault: 'session-kicked', operation: 'search', expected: 'session-lost' },
        { fault: 'service-invalid', operation: 'record-view', expected: 'service-invalid' },
        { fault: 'service-unavailable', operation: 'certificate', expected: 'service-unavailable' },
        { fault: 'service-unavailable', operation: 'record-view', expected: 'service-unavailable' },
        { fault: 'receipt-error', operation: 'search', expected: 'receipt-error' },
        { fault: 'data-refused', operation: 'record-view', expected: 'data-refused' },
        { fault: 'data-changed', operation: 'certificate', expected: 'data-changed' },
        { fault: 'cannot-issue-online', operation: 'record-view', expected: 'cannot-issue-online' },
        { fault: 'nothing-found', operation: 'search', expected: 'nothing-found' },
        { fault: 'nothing-found', operation: 'certificate', expected: 'nothing-found' },
        { fault: 'accepted-without-protocol', operation: 'certificate', expected: 'accepted-without-protocol' },
        { fault: 'timeout-after-order', operation: 'record-view', expected: 'timeout' },
        { fault: 'overloaded', operation: 'check-order', expected: 'overloaded' },
        { fault: 'blocked', operation: 'list-orders', expected: 'blocked' },
      ];

      const withFaults = itNeeding('armFault');
      withFaults.it.each(cases)(
        withFaults.title('$fault on $operation is reported as $expected'),
        async ({ fault, operation, expected }) => {
          const arm = need('armFault');
          await arm(fault, operation);
          const outcome = await run(operation);
          expect(outcome.kind).toBe(expected);
        },
      );

      withFaults.it(
        withFaults.title('an order placed before the origin timed out is found by the reconciliation listing'),
        async () => {
          const arm = need('armFault');
          const since = new Date(Date.now() - 60_000);
          await arm('timeout-after-order', 'record-view');
          expectKind(await portal().orderRecordView(property(9), undefined, call), 'timeout');
          expectKind(await portal().login(call), 'logged-in');
          const { orders } = expectKind(await portal().listOrders(since, call), 'orders');
          expect(orders.filter((o) => o.produto === 'visualizacao')).toHaveLength(1);
        },
      );

      withFaults.it(withFaults.title('a session kicked mid-run stays lost until the next login'), async () => {
        const arm = need('armFault');
        await arm('session-kicked', 'tariffs');
        expectKind(await portal().fetchTariffs(call), 'session-lost');
        expectKind(await portal().fetchCatalog(call), 'session-lost');
        expectKind(await portal().login(call), 'logged-in');
        expectKind(await portal().fetchTariffs(call), 'tariffs');
      });

      const withFaultsAndClock = itNeeding('armFault', 'advanceTime');
      withFaultsAndClock.it(
        withFaultsAndClock.title('retries pending keep the search provisional until a later check closes it'),
        async () => {
          const arm = need('armFault');
          const advance = need('advanceTime');
          await arm('retries-pending', 'search');
          const owner = sample(3);
          const first = await portal().searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, call);
          if (first.kind !== 'found' && first.kind !== 'nothing-found') throw new Error(`unexpected ${first.kind}`);
          expect(first.search.coverage.retriesPendentes).toBe(true);
          expect(first.search.coverage.cartoriosResponderam).toBeLessThan(first.search.coverage.cartoriosTotal);
          await advance(60 * 60 * 1000);
          expectKind(await portal().login(call), 'logged-in');
          const { search } = expectSearchAnswer(await portal().checkOrder(first.search.numeroPedido, call));
          expect(search.coverage.retriesPendentes).toBe(false);
          expect(search.coverage.retriesRealizados).toBeGreaterThan(first.search.coverage.retriesRealizados);
          expect(search.coverage.cartoriosResponderam).toBeGreaterThan(first.search.coverage.cartoriosResponderam);
        },
      );
    });

    /** Runs one operation with sample data; for faults the answer's kind is all that matters. */
    async function run(operation: OriginOperation): Promise<{ readonly kind: string }> {
      const owner = sample(4);
      switch (operation) {
        case 'login':
          return portal().login(call);
        case 'search':
          return portal().searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, call);
        case 'record-view':
          return portal().orderRecordView(property(4), undefined, call);
        case 'certificate':
          return portal().orderCertificate(property(4), call);
        case 'check-order':
          return portal().checkOrder('0', call);
        case 'list-orders':
          return portal().listOrders(new Date(0), call);
        case 'catalog':
          return portal().fetchCatalog(call);
        case 'tariffs':
          return portal().fetchTariffs(call);
        case 'download': {
          const { search } = expectKind(
            await portal().searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf }, call),
            'found',
          );
          return portal().downloadDocument(search.receiptUrl, call);
        }
      }
    }
  });
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

function isPdfOrPng(bytes: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47];
  return isPdf(bytes) || png.every((byte, i) => bytes[i] === byte);
}

/** The origin spells names its own way (case, accents): compare the letters. */
function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}
