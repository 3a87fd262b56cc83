import type { WatchUfMotivo } from '@regapi/contracts';
import type { FoundProperty, SearchResult } from '../order-result';

/** One UF of a `pessoa` watch run: the UF ordered and its order's stored result (null while it has none). */
export interface UfSearchRun {
  readonly uf: string;
  readonly result: SearchResult | null;
}

/** What a UF's search concluded: its findings, or why it concluded nothing. */
export type SearchConclusion =
  | { readonly concluded: true; readonly imoveis: readonly FoundProperty[] }
  | { readonly concluded: false; readonly motivo: WatchUfMotivo };

/**
 * Whether a stored search result is a conclusion about the target (decision 0162). A result without `resultado` is a
 * search that ended without one (a 6xx: `failureResultData`) — it says nothing of the properties, so a UF that failed
 * is never read as "every property disappeared". A provisional one (the origin still retries offices, contract 2.4)
 * may still change and is followed by a revision: comparing it would report the same change twice. A closed search
 * with `leitura_parcial` IS a conclusion: the offices out of service still show the origin's previous rows, flagged
 * `sem_resposta`, so a partial reading does not drop findings (and SP is never without an office out of service).
 */
export function searchConclusion(result: SearchResult | null): SearchConclusion {
  if (result === null || (result.resultado !== 'POSITIVO' && result.resultado !== 'NEGATIVO')) {
    return { concluded: false, motivo: 'sem_resultado' };
  }
  if (result.provisorio === true || result.cobertura?.retries_pendentes === true) {
    return { concluded: false, motivo: 'provisoria' };
  }
  return { concluded: true, imoveis: result.imoveis ?? [] };
}

/** The UF as compared: upper case, trimmed. */
export function ufKey(uf: string): string {
  return uf.trim().toUpperCase();
}

/** Per UF, the findings of the latest run that concluded there: what the next run of the watch is compared with. */
export type SearchBaseline = ReadonlyMap<string, readonly FoundProperty[]>;

/**
 * The baseline from a watch's earlier runs, oldest first: per UF, the last conclusion. A UF that failed in the last run
 * keeps the conclusion of the run before, so a property that disappeared while its UF was failing is still reported
 * once the UF concludes again (decision 0162).
 */
export function searchBaseline(history: readonly (readonly UfSearchRun[])[]): SearchBaseline {
  const baseline = new Map<string, readonly FoundProperty[]>();
  for (const run of history) {
    for (const uf of run) {
      const conclusion = searchConclusion(uf.result);
      if (conclusion.concluded) baseline.set(ufKey(uf.uf), conclusion.imoveis);
    }
  }
  return baseline;
}
