import { createHash } from 'node:crypto';
import { WATCH_DIFF_SCHEMA, watchDiffProblems } from '@regapi/contracts';
import {
  canonicalJson,
  compareRecordViews,
  compareSearchRuns,
  compareWatchRun,
  type FoundProperty,
  type SearchResult,
  searchBaseline,
  type UfSearchRun,
} from '../src';

const found = (uf: string, cns: string, matricula: string | null): FoundProperty => ({
  matricula,
  cartorio_cns: cns,
  cartorio_nome: `Cartório ${cns}`,
  cartorio_numero: 1,
  cartorio_municipio: 'Cidade',
  cartorio_uf: uf,
});
const closed = (imoveis: FoundProperty[]): SearchResult => ({
  resultado: imoveis.length > 0 ? 'POSITIVO' : 'NEGATIVO',
  provisorio: false,
  imoveis,
});

/** A fixed permutation that reverses and interleaves: the inputs arrive in another order, the facts are the same. */
function shuffled<T>(items: readonly T[]): T[] {
  const reversed = [...items].reverse();
  return [...reversed.filter((_, i) => i % 2 === 1), ...reversed.filter((_, i) => i % 2 === 0)];
}

describe('a diff is the same bytes for the same facts (decision 0162)', () => {
  const before: UfSearchRun[] = [
    { uf: 'SP', result: closed([found('SP', '1', '10'), found('SP', '1', '11'), found('SP', '2', null)]) },
    { uf: 'MG', result: closed([found('MG', '3', '30')]) },
    { uf: 'BA', result: closed([]) },
  ];
  const now: UfSearchRun[] = [
    {
      uf: 'SP',
      result: closed([found('SP', '2', null), found('SP', '2', null), found('SP', '1', '12'), found('SP', '4', '5')]),
    },
    { uf: 'MG', result: null },
    { uf: 'BA', result: closed([found('BA', '9', '1'), found('BA', '8', '2')]) },
  ];

  it('the same runs in any order of UFs and findings give byte-identical JSON', () => {
    const reference = canonicalJson(compareSearchRuns(searchBaseline([before]), now));
    const permuted = now.map((uf) => ({
      ...uf,
      result: uf.result && { ...uf.result, imoveis: shuffled(uf.result.imoveis ?? []) },
    }));
    const again = canonicalJson(compareSearchRuns(searchBaseline([shuffled(before)]), shuffled(permuted)));
    expect(again).toBe(reference);
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(digest(again)).toBe(digest(reference));
    expect(JSON.parse(reference)).toMatchObject({ resultado: 'alteracao' });
  });

  it('one entry point per watch kind, from the earlier runs as stored', () => {
    const pessoa = compareWatchRun({ tipo: 'pessoa', earlier: [before], current: now });
    expect(canonicalJson(pessoa)).toBe(canonicalJson(compareSearchRuns(searchBaseline([before]), now)));
    const delivered = {
      result: { status_consulta: 'SUCESSO' as const, dados: { conteudo: 'R.1 - VENDA' } },
      documento: null,
    };
    const failed = { result: { status_consulta: null }, documento: null };
    const matricula = compareWatchRun({ tipo: 'matricula', earlier: [delivered, failed], current: delivered });
    expect(matricula).toMatchObject({ tipo: 'matricula', resultado: 'sem_alteracao' });
    expect(compareWatchRun({ tipo: 'matricula', earlier: [failed], current: delivered }).resultado).toBe('primeira');
  });

  it('sorts keys at every level, whatever order the object was built in', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('every field is present, so the schema holds; a missing field or a wrong value is refused', () => {
    const diff = compareSearchRuns(searchBaseline([before]), now);
    expect(watchDiffProblems(diff)).toEqual([]);
    const { resumo: _dropped, ...withoutResumo } = diff;
    expect(watchDiffProblems(withoutResumo)).not.toEqual([]);
    expect(watchDiffProblems({ ...diff, resultado: 'mudou' })).not.toEqual([]);
    const record = compareRecordViews(null, { result: { status_consulta: 'SUCESSO' }, documento: null });
    expect(watchDiffProblems(record)).toEqual([]);
    expect(watchDiffProblems({ ...record, documento_atual: { sha256: 'x', paginas: 1 } })).not.toEqual([]);
    expect(WATCH_DIFF_SCHEMA).toHaveProperty('oneOf');
  });
});
