import type { WatchDiffPessoa, WatchDiffResultado, WatchUfDiff } from '@regapi/contracts';
import { compareText } from './canonical-json';
import { propertiesOnlyIn } from './property-identity';
import { type SearchBaseline, searchConclusion, type UfSearchRun, ufKey } from './search-conclusion';
import { searchSummary } from './search-summary';

/**
 * A `pessoa` run against the watch's baseline (decision 0152, "What it reports"; rules in decision 0162): per UF, the
 * records that appeared and those that no longer appear. A UF that concluded nothing this run is `inconclusiva` and
 * reports no change; a UF concluded for the first time is `primeira` and its findings are the start, not news.
 */
export function compareSearchRuns(baseline: SearchBaseline, current: readonly UfSearchRun[]): WatchDiffPessoa {
  const seen = new Set<string>();
  const ufs: WatchUfDiff[] = [];
  for (const run of current) {
    const uf = ufKey(run.uf);
    if (seen.has(uf)) throw new RangeError(`UF ${uf} appears twice in one run`);
    seen.add(uf);
    ufs.push(compareUf(uf, baseline.get(uf), run));
  }
  ufs.sort((a, b) => compareText(a.uf, b.uf));
  const resultado = outcomeOf(ufs);
  return { tipo: 'pessoa', resultado, resumo: searchSummary(resultado, ufs), ufs };
}

function compareUf(uf: string, before: UfBaseline, run: UfSearchRun): WatchUfDiff {
  const conclusion = searchConclusion(run.result);
  if (!conclusion.concluded) {
    return {
      uf,
      situacao: 'inconclusiva',
      motivo: conclusion.motivo,
      quantidade_imoveis: null,
      novos: [],
      deixaram_de_constar: [],
    };
  }
  const quantidade = conclusion.imoveis.length;
  if (before === undefined) {
    return {
      uf,
      situacao: 'primeira',
      motivo: null,
      quantidade_imoveis: quantidade,
      novos: [],
      deixaram_de_constar: [],
    };
  }
  return {
    uf,
    situacao: 'comparada',
    motivo: null,
    quantidade_imoveis: quantidade,
    novos: propertiesOnlyIn(conclusion.imoveis, before),
    deixaram_de_constar: propertiesOnlyIn(before, conclusion.imoveis),
  };
}

type UfBaseline = ReturnType<SearchBaseline['get']>;

function outcomeOf(ufs: readonly WatchUfDiff[]): WatchDiffResultado {
  const compared = ufs.filter((uf) => uf.situacao === 'comparada');
  if (compared.some((uf) => uf.novos.length > 0 || uf.deixaram_de_constar.length > 0)) return 'alteracao';
  if (compared.length > 0) return 'sem_alteracao';
  return ufs.some((uf) => uf.situacao === 'primeira') ? 'primeira' : 'inconclusiva';
}
