import { createHash } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { watchDiffProblems } from '@regapi/contracts';
import {
  canonicalJson,
  compareRecordViews,
  compareSearchRuns,
  type RecordViewRun,
  type SearchResult,
  searchBaseline,
  type UfSearchRun,
} from '@regapi/orders';
import {
  type CallOptions,
  countPdfPages,
  createHttpOriginPortal,
  expectKind,
  extractPdfText,
  type OriginPortal,
  type PropertyRef,
} from '@regapi/origin';
import { createOriginSimulator, createSimulatorControl, type OriginSimulator } from '@regapi/origin-simulator';
import { recordViewResultData } from '../src/results/record-view-result';
import { searchResultData } from '../src/results/search-result';

/**
 * docs/sandbox.md, "Identities whose results change between runs" (issue 30, decision 0162): run on a simulator as the
 * sandbox starts it (seed 1, punctual), each result turned into what origin-session and the archive store, and each
 * run compared with the previous one by the watch diff — so the identities show an integrator exactly one change per
 * run, and the diff reads the simulator's real documents.
 */

const CALL: CallOptions = { timeoutMs: 20_000 };
/** A Wednesday: the growing record gains one act per order of it, dated that order's day (decision 0175). */
const START = new Date('2026-11-04T13:00:00.000Z');
const WEEK_AND_A_MINUTE = 7 * 24 * 60 * 60 * 1000 + 60_000;
const CHANGING_CPF = '99990000026';
const GROWING_RECORD = '9999001';

let simulator: OriginSimulator;
let url: string;
let portal: OriginPortal;

beforeAll(async () => {
  simulator = createOriginSimulator({ seed: 1, timeScale: 0.001, punctual: true, clock: new ManualClock(START) });
  url = (await simulator.start(0)).url;
});

afterAll(() => simulator.stop());

beforeEach(async () => {
  await createSimulatorControl(url).reset();
  portal = createHttpOriginPortal({ baseUrl: url, ...simulator.credentials });
  expectKind(await portal.login(CALL), 'logged-in');
});

async function searchRun(ufs: readonly ('DF' | 'AC')[]): Promise<UfSearchRun[]> {
  const run: UfSearchRun[] = [];
  for (const uf of ufs) {
    const outcome = await portal.searchProperties({ cpfCnpj: CHANGING_CPF, uf }, CALL);
    if (outcome.kind !== 'found') throw new Error(`the changing document answered ${outcome.kind} in ${uf}`);
    // Stored exactly as origin-session stores it (contract 2.4), read back through JSON like orders.result.
    run.push({ uf, result: JSON.parse(JSON.stringify(searchResultData(outcome.search))) as SearchResult });
  }
  return run;
}

test('a pessoa identity: each search alternates 2 and 3 records per UF, one change per run, one diff', async () => {
  const runs = [await searchRun(['DF', 'AC']), await searchRun(['DF', 'AC']), await searchRun(['DF', 'AC'])];
  const diffs = runs.map((run, i) => compareSearchRuns(searchBaseline(runs.slice(0, i)), run));
  for (const diff of diffs) expect(watchDiffProblems(diff)).toEqual([]);
  expect(diffs.map((diff) => diff.resultado)).toEqual(['primeira', 'alteracao', 'alteracao']);
  expect(diffs[0]?.resumo).toBe('Primeiro resultado: 2 imóveis em AC, 2 em DF.');
  expect(diffs[1]?.resumo).toBe('1 imóvel novo em AC; 1 imóvel novo em DF.');
  expect(diffs[2]?.resumo).toBe('1 deixou de constar em AC; 1 deixou de constar em DF.');
  // The record that appeared is the one that then disappeared, named by its office and number.
  const appeared = diffs[1]?.ufs.find((uf) => uf.uf === 'DF')?.novos;
  const gone = diffs[2]?.ufs.find((uf) => uf.uf === 'DF')?.deixaram_de_constar;
  expect(appeared).toHaveLength(1);
  expect(gone).toEqual(appeared);
  expect(appeared?.[0]?.matricula).toMatch(/^\d+$/);
  // The same two runs compared again give the same bytes: the change event is one per change, not per comparison.
  const again = compareSearchRuns(searchBaseline(runs.slice(0, 1)), runs[1] ?? []);
  expect(canonicalJson(again)).toBe(canonicalJson(diffs[1]));
});

test('a UF that fails between runs is inconclusive, not a disappearance', async () => {
  const first = await searchRun(['DF']);
  const failing: UfSearchRun[] = [{ uf: 'DF', result: { resultado: null, imoveis: null, provisorio: false } }];
  const diff = compareSearchRuns(searchBaseline([first]), failing);
  expect(diff).toMatchObject({ resultado: 'inconclusiva', ufs: [{ uf: 'DF', motivo: 'sem_resultado' }] });
});

async function view(office: PropertyRef): Promise<RecordViewRun> {
  const outcome = expectKind(await portal.orderRecordView(office, undefined, CALL), 'delivered');
  const pdf = expectKind(await portal.downloadDocument(outcome.view.document.url, CALL), 'document');
  const data = recordViewResultData(outcome.view, 4_000);
  // What the archive stores: the text layer in dados.conteudo, and the document's SHA-256 (order_document).
  const conteudo = await extractPdfText(pdf.document.bytes);
  return {
    result: JSON.parse(JSON.stringify({ ...data, dados: { ...data.dados, conteudo } })),
    documento: {
      sha256: createHash('sha256').update(pdf.document.bytes).digest('hex'),
      paginas: await countPdfPages(pdf.document.bytes),
    },
  };
}

/** A week later on the simulator's clock (past the repeat block, shorter on it); the session has expired meanwhile. */
async function week(): Promise<void> {
  await createSimulatorControl(url).advanceTime?.(WEEK_AND_A_MINUTE);
  expectKind(await portal.login(CALL), 'logged-in');
}

test('a matricula identity: the record gains one act per view, a week apart, read act by act from the real PDF', async () => {
  const record: PropertyRef = {
    matricula: GROWING_RECORD,
    cartorioNumero: 1,
    cartorioMunicipio: 'Brejo Novo',
    cartorioUf: 'AC',
  };
  const steady: PropertyRef = { ...record, matricula: '91374' };
  const first = await view(record);
  const steadyFirst = await view(steady);
  await week();
  const second = await view(record);
  const steadySecond = await view(steady);
  await week();
  const third = await view(record);

  const start = compareRecordViews(null, first);
  expect(start).toMatchObject({ resultado: 'primeira', comparacao: 'texto' });
  expect(start.resumo).toMatch(/^Primeira visualização: \d+ atos, o último R\.\d+ \(penhora\)\.$/);

  const gained = compareRecordViews(first, second);
  expect(watchDiffProblems(gained)).toEqual([]);
  expect(gained).toMatchObject({ resultado: 'alteracao', atos_alterados: [], atos_removidos: [], anomalias: [] });
  expect(gained.atos_novos).toHaveLength(1);
  const cancel = gained.atos_novos[0];
  expect(cancel).toMatchObject({ tipo: 'AV', natureza: 'cancelamento' });
  expect(cancel?.texto).toMatch(/^AV-\d+\/9\.999\.001 - Em 11\/11\/2026 - CANCELAMENTO do R-\d+/);
  expect(gained.resumo).toBe(`1 ato novo: ${cancel?.ato} (cancelamento).`);

  const next = compareRecordViews(second, third);
  expect(next.atos_novos.map((act) => [act.tipo, act.natureza])).toEqual([['R', 'penhora']]);
  expect(next.atos_novos[0]?.numero).toBe((cancel?.numero ?? 0) + 1);

  // A record that gained nothing, viewed a week later (another order: another stamp and date on the page): no change.
  const steadyDiff = compareRecordViews(steadyFirst, steadySecond);
  expect(steadyDiff).toMatchObject({ resultado: 'sem_alteracao', comparacao: 'texto' });
  expect(steadyFirst.documento?.sha256).not.toBe(steadySecond.documento?.sha256);
  expect(steadyDiff.resumo).toBe('Sem alteração: 5 atos, o último R.5 (venda).');
});

test('the growing record at an image-only office is compared by page count and hash', async () => {
  const record: PropertyRef = {
    matricula: GROWING_RECORD,
    cartorioNumero: 1,
    cartorioMunicipio: 'Rio Branco',
    cartorioUf: 'AC',
  };
  const steady: PropertyRef = { ...record, matricula: '2157' };
  const first = await view(record);
  const steadyFirst = await view(steady);
  await week();
  const second = await view(record);
  const steadySecond = await view(steady);
  expect(first.result?.dados?.conteudo).toBeNull();
  const diff = compareRecordViews(first, second);
  expect(watchDiffProblems(diff)).toEqual([]);
  expect(diff).toMatchObject({
    resultado: 'alteracao',
    comparacao: 'documento',
    aviso: 'sem camada de texto: comparação pelo número de páginas e hash',
    documento_anterior: first.documento,
    documento_atual: second.documento,
  });
  expect(diff.resumo).toMatch(/^Sem camada de texto: comparação pelo número de páginas e hash; documento diferente/);
  expect(first.documento?.paginas).toBeGreaterThanOrEqual(1);
  // The rule's known cost (decision 0162): the scan carries the order's stamp, so an unchanged image-only record
  // hashes differently on every view and is reported as changed too.
  expect(compareRecordViews(steadyFirst, steadySecond).resultado).toBe('alteracao');
});
