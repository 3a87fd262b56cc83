import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseUf, type Uf } from '@regapi/br';
import { CERTIFICATE_TERM_BUSINESS_HOURS, ManualClock } from '@regapi/calendar';
import {
  FONTES,
  type Fonte,
  finishedResultMessage,
  isFonte,
  moneyOutcomeOfFinished,
  RESULT_CLASS_INFO,
  type ResultCode,
  resultClassOf,
  SANDBOX_EXAMPLES,
  validateRequest,
} from '@regapi/contracts';
import {
  type CallOptions,
  createHttpOriginPortal,
  expectKind,
  expectSearchAnswer,
  extractPdfText,
  type OriginPortal,
  type PropertyRef,
} from '@regapi/origin';
import { createOriginSimulator, createSimulatorControl, type OriginSimulator } from '@regapi/origin-simulator';
import { OUTCOME_CODES } from '../src/outcome-to-code';
import { searchResultData } from '../src/results/search-result';

/**
 * docs/sandbox.md's test identities (issue 17) are what the sandbox does: every row of its table is run against a
 * simulator as the sandbox starts it (seed 1, punctual), and its code, class, refund and retry must be what
 * origin-session and the result-code table make of that answer. The OpenAPI examples must be rows of the table.
 */

const DOC = readFileSync(path.join(__dirname, '../../../docs/sandbox.md'), 'utf8');
const CALL: CallOptions = { timeoutMs: 20_000 };
/** A Wednesday 10:00 in Brasília, far from holidays. */
const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');
const TIME_SCALE = 0.001;
/** The simulator closes a search with pending retries on a check after 10 minutes of origin time. */
const RETRY_WINDOW_MS = 10 * 60_000;

interface Row {
  readonly line: string;
  readonly fonte: Fonte;
  readonly input: readonly string[];
  readonly origin: string;
  readonly kind: string;
  readonly code: number;
  readonly resultClass: string;
  readonly refunded: boolean;
  readonly retry: boolean;
  readonly then: string;
}

function yesNo(cell: string, line: string): boolean {
  if (cell === 'yes') return true;
  if (cell === 'no') return false;
  throw new Error(`not yes/no in: ${line}`);
}

function parseTable(doc: string): Row[] {
  const start = doc.indexOf('<!-- sandbox-identities:');
  const end = doc.indexOf('<!-- sandbox-identities: end -->');
  if (start < 0 || end < start) throw new Error('the identities table is not marked in docs/sandbox.md');
  const lines = doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return lines.map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, fonte, input, origin, code, resultClass, refunded, retry, then] = cells;
    if (fonte === undefined || !isFonte(fonte) || input === undefined || origin === undefined || then === undefined) {
      throw new Error(`malformed row: ${line}`);
    }
    const kind = /^`([a-z-]+)`/.exec(origin)?.[1];
    if (kind === undefined) throw new Error(`no outcome in: ${line}`);
    return {
      line,
      fonte,
      input: [...input.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
      origin,
      kind,
      code: Number(code),
      resultClass: resultClass ?? '',
      refunded: yesNo(refunded ?? '', line),
      retry: yesNo(retry ?? '', line),
      then,
    };
  });
}

const ROWS = parseTable(DOC);

function ufOf(text: string | undefined): Uf {
  const uf = text === undefined ? undefined : parseUf(text);
  if (uf === undefined) throw new Error(`not a UF: ${text}`);
  return uf;
}

function propertyOf(row: Row): PropertyRef {
  const [matricula, cartorio, municipio, uf] = row.input;
  if (row.input.length !== 4 || matricula === undefined || municipio === undefined) {
    throw new Error(`a property row needs matrícula, office, municipality and UF: ${row.line}`);
  }
  return { matricula, cartorioNumero: Number(cartorio), cartorioMunicipio: municipio, cartorioUf: ufOf(uf) };
}

/** What origin-session makes of the outcome: a search by its rows, an accepted certificate by its issue. */
function platformCode(row: Row): number {
  if (row.kind === 'found' || row.kind === 'delivered' || row.kind === 'accepted') return 200;
  // A timeout proves nothing of a certificate: placed again, the repeat refusal names the order the origin made,
  // which is followed to its issue (decision 0110).
  if (row.fonte === 'certidao-inteiro-teor' && row.kind === 'timeout' && row.origin.includes('order placed'))
    return 200;
  if (row.fonte === 'pesquisa-previa-bens' && row.kind === 'nothing-found') return 612;
  const rule = OUTCOME_CODES[row.kind as keyof typeof OUTCOME_CODES];
  if (rule === undefined || rule.code === 'continues') throw new Error(`no code for outcome ${row.kind}`);
  return rule.code;
}

let simulator: OriginSimulator;
let url: string;
let portal: OriginPortal;

beforeAll(async () => {
  simulator = createOriginSimulator({
    seed: 1,
    timeScale: TIME_SCALE,
    punctual: true,
    clock: new ManualClock(WEDNESDAY_MORNING),
  });
  url = (await simulator.start(0)).url;
});

afterAll(() => simulator.stop());

beforeEach(async () => {
  await createSimulatorControl(url).reset();
  portal = createHttpOriginPortal({ baseUrl: url, ...simulator.credentials });
  expectKind(await portal.login(CALL), 'logged-in');
});

test('the table lists every product and every failure class', () => {
  expect(new Set(ROWS.map((row) => row.fonte))).toEqual(new Set(FONTES));
  expect(new Set(ROWS.map((row) => row.resultClass))).toEqual(new Set(Object.keys(RESULT_CLASS_INFO)));
});

test.each(ROWS.map((row) => ({ name: `${row.fonte} ${row.input.join(' ')} → ${row.code}`, row })))(
  '$name: the code, class, refund and retry are what the platform makes of the answer',
  ({ row }) => {
    expect(row.code).toBe(platformCode(row));
    const info = RESULT_CLASS_INFO[resultClassOf(row.code as Parameters<typeof resultClassOf>[0])];
    expect(row.resultClass).toBe(info.class);
    expect(row.refunded).toBe(info.refunded);
    expect(row.retry).toBe(info.retry);
    const rule = OUTCOME_CODES[row.kind as keyof typeof OUTCOME_CODES];
    expect(row.then.includes('takes the product out of service')).toBe(rule?.effect === 'product-out-of-service');
  },
);

// One source for a result's text (issue 29 item 8): what the table quotes in «» is the text the platform writes.
const QUOTED = ROWS.flatMap((row) => {
  const quote = /«([^»]+)»/.exec(row.then)?.[1];
  return quote === undefined ? [] : [{ name: `${row.fonte} ${row.code}`, row, quote }];
});
test('the table quotes the result text of a receipt error', () => {
  expect(QUOTED.map(({ row }) => row.code)).toContain(615);
});
test.each(QUOTED)('$name: the quoted text is the start of the one result text', ({ row, quote }) => {
  const code = row.code as ResultCode;
  expect(finishedResultMessage(code, row.fonte, moneyOutcomeOfFinished(code, row.fonte)).startsWith(quote)).toBe(true);
});

const SEARCHES = ROWS.filter((row) => row.fonte === 'pesquisa-previa-bens');
test.each(SEARCHES.map((row) => ({ name: `${row.input.join(' ')}: ${row.origin}`, row })))(
  'search $name',
  async ({ row }) => {
    const [document, uf] = row.input;
    if (row.input.length !== 2 || document === undefined) throw new Error(`a search row needs document and UF`);
    const query = { cpfCnpj: document.replace(/[^0-9A-Za-z]/g, ''), uf: ufOf(uf) };
    const outcome = await portal.searchProperties(query, CALL);
    expect(outcome.kind).toBe(row.kind);
    if (outcome.kind !== 'found' && outcome.kind !== 'nothing-found') return;
    const { search } = outcome;
    const provisional = row.origin.includes('provisional');
    expect(search.coverage.retriesPendentes).toBe(provisional);
    const counts = /(\d+) records in (\d+) offices/.exec(row.origin);
    if (counts) {
      expect(search.rows).toHaveLength(Number(counts[1]));
      expect(new Set(search.rows.map((r) => r.cartorioCns)).size).toBe(Number(counts[2]));
      expect(search.rows.every((r) => !r.semResposta && r.matricula !== null)).toBe(true);
    }
    if (outcome.kind === 'nothing-found') expect(search.rows).toHaveLength(0);
    // What the client polls (contract 2.4): first answer, and the revision of a provisional one.
    const first = searchResultData(search);
    expect(first.provisorio).toBe(provisional);
    let last = first;
    if (provisional) {
      expect(first.nada_consta).toBe(false);
      await createSimulatorControl(url).advanceTime?.(RETRY_WINDOW_MS);
      const check = expectSearchAnswer(await portal.checkOrder(search.numeroPedido, CALL));
      expect(check.search.coverage.retriesPendentes).toBe(!row.origin.includes('then closed'));
      expect(check.search.rows).toHaveLength(search.rows.length);
      last = searchResultData(check.search);
    }
    expect(last.nada_consta).toBe(row.then.includes('`nada_consta` true'));
  },
);

const RECORD_VIEWS = ROWS.filter((row) => row.fonte === 'visualizacao-matricula');
test.each(RECORD_VIEWS.map((row) => ({ name: `${row.input.join(' ')}: ${row.origin}`, row })))(
  'record view $name',
  async ({ row }) => {
    const outcome = await portal.orderRecordView(propertyOf(row), undefined, CALL);
    expect(outcome.kind).toBe(row.kind);
    if (row.origin.includes('order placed')) {
      const listed = expectKind(await portal.listOrders(WEDNESDAY_MORNING, CALL), 'orders');
      expect(listed.orders.filter((order) => order.produto === 'visualizacao')).toHaveLength(1);
    }
    if (outcome.kind !== 'delivered') return;
    const served = /serves record (\d+)/.exec(row.origin)?.[1];
    expect(outcome.view.matricula).toBe(served ?? propertyOf(row).matricula);
    const pdf = expectKind(await portal.downloadDocument(outcome.view.document.url, CALL), 'document');
    const text = await extractPdfText(pdf.document.bytes);
    if (row.origin.includes('without a text layer')) expect(text).toBeNull();
    else if (row.origin.includes('with a text layer')) expect(text).toContain('MATRÍCULA Nº');
    else throw new Error(`a delivered row says whether it has a text layer: ${row.line}`);
  },
);

const CERTIFICATES = ROWS.filter((row) => row.fonte === 'certidao-inteiro-teor');
test.each(CERTIFICATES.map((row) => ({ name: `${row.input.join(' ')}: ${row.origin}`, row })))(
  'certificate $name',
  async ({ row }) => {
    const property = propertyOf(row);
    const outcome = await portal.orderCertificate(property, CALL);
    expect(outcome.kind).toBe(row.kind);
    if (row.origin.includes('order placed')) {
      // Certificates are never listed (contract 2.6): the simulator's own record of orders shows it was placed.
      const received = (await (await fetch(`${url}/control/orders`)).json()) as {
        orders: { operation: string; numero_pedido: string | null }[];
      };
      expect(received.orders.filter((o) => o.operation === 'certificate' && o.numero_pedido !== null)).toHaveLength(1);
    }
    if (outcome.kind !== 'accepted') return;
    const { certificate } = outcome;
    // Punctual: the forecast is the 4-hour term in plain hours (nights and weekends included) compressed by the time
    // scale, and the office issues exactly at it (decision 0099).
    const aceitoEm = new Date(certificate.aceitoEm);
    const term = Date.parse(certificate.previsaoEntregaEm) - aceitoEm.getTime();
    expect(term).toBe(Math.round(CERTIFICATE_TERM_BUSINESS_HOURS * 3_600_000 * TIME_SCALE));
    await createSimulatorControl(url).advanceTime?.(term - 1);
    expectKind(await portal.checkOrder(certificate.numeroPedido, CALL), 'accepted');
    await createSimulatorControl(url).advanceTime?.(1);
    const issued = expectKind(await portal.checkOrder(certificate.numeroPedido, CALL), 'certificate-issued');
    expect(issued.certificate.codigoValidacao).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    // Issued means deliverable: the signed PDF is served, carrying its validation code (issue 29: an issued sandbox
    // certificate whose every fetch answered 500 was charged and never delivered).
    const pdf = expectKind(await portal.downloadDocument(issued.certificate.document.url, CALL), 'document');
    expect(await extractPdfText(pdf.document.bytes)).toContain(issued.certificate.codigoValidacao);
  },
);

test.each(
  FONTES.flatMap((fonte) =>
    Object.entries(SANDBOX_EXAMPLES[fonte]).map(([name, example]) => ({ fonte, name, example })),
  ),
)('the OpenAPI example $fonte $name is a valid body and a row of the table with its code', ({ fonte, example }) => {
  const value = example.value;
  expect(validateRequest(fonte, value)).toMatchObject({ ok: true });
  const input =
    fonte === 'pesquisa-previa-bens'
      ? [value.cpf_cnpj, value.uf]
      : [value.imovel_matricula, String(value.imovel_cartorio), value.imovel_municipio, value.imovel_uf];
  const row = ROWS.find((r) => r.fonte === fonte && JSON.stringify(r.input) === JSON.stringify(input));
  expect(row).toBeDefined();
  expect(example.summary).toContain(`(code ${row?.code})`);
});
