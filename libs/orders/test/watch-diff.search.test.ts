import type { WatchDiffPessoa } from '@regapi/contracts';
import { watchDiffProblems } from '@regapi/contracts';
import {
  compareSearchRuns,
  type FoundProperty,
  failureResultData,
  propertyKey,
  type SearchResult,
  searchBaseline,
  type UfSearchRun,
} from '../src';

/** A finding as origin-session stores it (contract 2.4 `imoveis[]`). */
function finding(uf: string, cns: string, matricula: string | null, flags: Partial<FoundProperty> = {}): FoundProperty {
  return {
    matricula,
    cartorio_nome: `Cartório ${cns}`,
    cartorio_cns: cns,
    cartorio_numero: 1,
    cartorio_municipio: `Cidade ${cns}`,
    cartorio_uf: uf,
    coleta_incompleta: false,
    sem_resposta: false,
    ...flags,
  };
}

/** A closed search of `uf` with these findings (a POSITIVO, or a NEGATIVO nada consta). */
function closed(uf: string, imoveis: readonly FoundProperty[], extra: Partial<SearchResult> = {}): SearchResult {
  return {
    resultado: imoveis.length > 0 ? 'POSITIVO' : 'NEGATIVO',
    quantidade_imoveis: imoveis.length,
    nada_consta: imoveis.length === 0,
    provisorio: false,
    confianca: 'INDICIO',
    uf_pesquisada: uf,
    imoveis,
    cobertura: { retries_pendentes: false, leitura_parcial: false },
    ...extra,
  };
}

const failed = failureResultData('pesquisa-previa-bens', 605, { numeroPedido: null }) as SearchResult;

function run(...ufs: (readonly [string, SearchResult | null])[]): UfSearchRun[] {
  return ufs.map(([uf, result]) => ({ uf, result }));
}

function diff(history: UfSearchRun[][], current: UfSearchRun[]): WatchDiffPessoa {
  const result = compareSearchRuns(searchBaseline(history), current);
  expect(watchDiffProblems(result)).toEqual([]);
  return result;
}

const sp1 = finding('SP', '111111', '1001');
const sp2 = finding('SP', '111111', '1002');
const sp3 = finding('SP', '222222', '77');
const mg1 = finding('MG', '333333', '500');

describe('pessoa watch: properties that appeared and disappeared, per UF (decision 0162)', () => {
  it('reports new and gone records by office and record number, with the plain line', () => {
    const before = run(['SP', closed('SP', [sp1])], ['MG', closed('MG', [mg1])]);
    const now = run(['SP', closed('SP', [sp1, sp2, sp3])], ['MG', closed('MG', [])]);
    const result = diff([before], now);
    expect(result.resultado).toBe('alteracao');
    expect(result.resumo).toBe('2 imóveis novos em SP; 1 deixou de constar em MG.');
    const [mg, sp] = result.ufs;
    expect(mg).toMatchObject({ uf: 'MG', situacao: 'comparada', quantidade_imoveis: 0, novos: [] });
    expect(mg?.deixaram_de_constar.map((p) => p.matricula)).toEqual(['500']);
    expect(sp?.novos.map((p) => [p.cartorio_cns, p.matricula])).toEqual([
      ['111111', '1002'],
      ['222222', '77'],
    ]);
    expect(sp?.deixaram_de_constar).toEqual([]);
  });

  it('the same records in another order, respelled or reflagged are no change', () => {
    const before = run(['SP', closed('SP', [sp1, sp2, sp3])]);
    const respelled = [
      finding('SP', '222222', '000077', { sem_resposta: true, cartorio_nome: 'CARTORIO 222222' }),
      finding('SP', '111.111', '1.002', { coleta_incompleta: true }),
      sp1,
    ];
    const result = diff([before], run(['sp', closed('SP', respelled, { cobertura: { leitura_parcial: true } })]));
    expect(result.resultado).toBe('sem_alteracao');
    expect(result.resumo).toBe('Sem alteração em SP.');
    expect(result.ufs[0]).toMatchObject({ situacao: 'comparada', novos: [], deixaram_de_constar: [] });
  });

  it('a UF whose search failed is inconclusive, never "every property disappeared"', () => {
    const before = run(['SP', closed('SP', [sp1])], ['MG', closed('MG', [mg1])]);
    const result = diff([before], run(['SP', closed('SP', [sp1])], ['MG', failed]));
    expect(result.resultado).toBe('sem_alteracao');
    expect(result.ufs.find((uf) => uf.uf === 'MG')).toEqual({
      uf: 'MG',
      situacao: 'inconclusiva',
      motivo: 'sem_resultado',
      quantidade_imoveis: null,
      novos: [],
      deixaram_de_constar: [],
    });
    expect(result.resumo).toBe('Sem alteração em SP; inconclusivo em MG (sem resultado).');
  });

  it('a UF with no stored result yet, or a provisional search, is inconclusive too', () => {
    const before = run(['SP', closed('SP', [sp1])], ['MG', closed('MG', [mg1])]);
    const provisional = closed('SP', [], { provisorio: true, nada_consta: false });
    const result = diff([before], run(['SP', provisional], ['MG', null]));
    expect(result.resultado).toBe('inconclusiva');
    expect(result.ufs.map((uf) => [uf.uf, uf.situacao, uf.motivo])).toEqual([
      ['MG', 'inconclusiva', 'sem_resultado'],
      ['SP', 'inconclusiva', 'provisoria'],
    ]);
    expect(result.resumo).toBe(
      'Nenhuma UF chegou a um resultado nesta execução: nada foi comparado; inconclusivo em MG (sem resultado); ' +
        'inconclusivo em SP (resultado provisório).',
    );
  });

  it('after a failed run a UF is compared with its last conclusion: what vanished meanwhile is reported once', () => {
    const first = run(['SP', closed('SP', [sp1, sp2])]);
    const failing = run(['SP', failed]);
    const now = run(['SP', closed('SP', [sp1])]);
    const result = diff([first, failing], now);
    expect(result.resultado).toBe('alteracao');
    expect(result.ufs[0]?.deixaram_de_constar.map((p) => p.matricula)).toEqual(['1002']);
    // The next run compares with the conclusion just reached: the same absence is not news again.
    expect(diff([first, failing, now], run(['SP', closed('SP', [sp1])])).resultado).toBe('sem_alteracao');
  });

  it('is "primeira" while no earlier run reached a result, and says what was found', () => {
    expect(diff([], run(['SP', closed('SP', [sp1, sp2])], ['MG', closed('MG', [])])).resumo).toBe(
      'Primeiro resultado: 2 imóveis em SP, nenhum em MG.',
    );
    const afterFailures = diff([run(['SP', failed]), run(['SP', null])], run(['SP', closed('SP', [])]));
    expect(afterFailures.resultado).toBe('primeira');
    expect(afterFailures.resumo).toBe('Primeiro resultado: nenhum imóvel em SP.');
    expect(diff([], run(['SP', failed])).resultado).toBe('inconclusiva');
  });

  it('a UF concluding for the first time starts its baseline: its findings are not news', () => {
    const before = run(['SP', closed('SP', [sp1])], ['MG', failed]);
    const result = diff([before], run(['SP', closed('SP', [sp1, sp2])], ['MG', closed('MG', [mg1])]));
    expect(result.resultado).toBe('alteracao');
    expect(result.ufs.find((uf) => uf.uf === 'MG')).toMatchObject({ situacao: 'primeira', novos: [] });
    expect(result.resumo).toBe('1 imóvel novo em SP; primeiro resultado em MG.');
  });

  it('records without a number ("não informada") count per office: a second one is one new record', () => {
    const a = finding('BA', '444444', null);
    const b = finding('BA', '444444', null);
    expect(propertyKey(a)).toBe(propertyKey(b));
    const result = diff([run(['BA', closed('BA', [a])])], run(['BA', closed('BA', [a, b])]));
    expect(result.ufs[0]?.novos).toEqual([
      expect.objectContaining({ matricula: null, cartorio_cns: '444444', chave: 'cns:444444|?' }),
    ]);
    expect(diff([run(['BA', closed('BA', [a, b])])], run(['BA', closed('BA', [a, b])])).resultado).toBe(
      'sem_alteracao',
    );
  });

  it('an office without a CNS is identified by UF, municipality and number', () => {
    const noCns = (municipio: string) =>
      finding('PI', '', '9', { cartorio_cns: null, cartorio_municipio: municipio, cartorio_numero: 2 });
    expect(propertyKey(noCns('São João'))).toBe(propertyKey(noCns('SAO  JOAO')));
    expect(propertyKey(noCns('São João'))).not.toBe(propertyKey(noCns('São José')));
  });

  it('a nationwide watch: 26 UFs summarised by count, changes named by UF', () => {
    const ufs = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI'];
    const more = ['PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP'];
    const all = [...ufs, ...more];
    const empty = (uf: string): [string, SearchResult] => [uf, closed(uf, [])];
    expect(diff([run(...all.map(empty))], run(...all.map(empty))).resumo).toBe('Sem alteração em 26 UFs.');
    const now = run(...all.map((uf): [string, SearchResult | null] => (uf === 'RJ' ? [uf, failed] : empty(uf))));
    now[all.indexOf('SP')] = { uf: 'SP', result: closed('SP', [sp1]) };
    const result = diff([run(...all.map(empty))], now);
    expect(result.resumo).toBe('1 imóvel novo em SP; inconclusivo em RJ (sem resultado).');
    expect(result.ufs.map((uf) => uf.uf)).toEqual([...all].sort());
    const first = diff(
      [],
      run(...all.map((uf): [string, SearchResult] => [uf, closed(uf, uf < 'C' ? [finding(uf, uf, '1')] : [])])),
    );
    expect(first.resumo).toBe('Primeiro resultado: 5 imóveis em 5 de 26 UFs.');
  });

  it('refuses a run that names one UF twice', () => {
    expect(() => compareSearchRuns(new Map(), run(['SP', null], ['sp', null]))).toThrow(RangeError);
  });
});
