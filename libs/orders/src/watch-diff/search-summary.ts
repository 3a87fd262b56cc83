import type { WatchDiffResultado, WatchUfDiff } from '@regapi/contracts';
import { counted, ufList } from './plural';

/**
 * The plain line of a `pessoa` run for the console and the e-mail: "2 imóveis novos em SP; 1 deixou de constar em
 * MG", then what was not compared ("inconclusivo em RJ"). It repeats the diff, never adds to it.
 */
export function searchSummary(resultado: WatchDiffResultado, ufs: readonly WatchUfDiff[]): string {
  const parts: string[] = [];
  switch (resultado) {
    case 'alteracao':
      // What appeared first (the news a watcher looks for), then what no longer appears; each by UF.
      for (const uf of ufs) {
        if (uf.novos.length > 0) parts.push(`${counted(uf.novos.length, 'imóvel novo', 'imóveis novos')} em ${uf.uf}`);
      }
      for (const uf of ufs) {
        const gone = uf.deixaram_de_constar.length;
        if (gone > 0) parts.push(`${counted(gone, 'deixou', 'deixaram')} de constar em ${uf.uf}`);
      }
      break;
    case 'sem_alteracao':
      parts.push(`sem alteração em ${ufList(names(ufs, 'comparada'))}`);
      break;
    case 'primeira':
      parts.push(`primeiro resultado: ${firstFindings(ufs)}`);
      break;
    case 'inconclusiva':
      parts.push('nenhuma UF chegou a um resultado nesta execução: nada foi comparado');
      break;
  }
  const first = names(ufs, 'primeira');
  if (resultado !== 'primeira' && first.length > 0) parts.push(`primeiro resultado em ${ufList(first)}`);
  const failed = ufs.filter((uf) => uf.motivo === 'sem_resultado').map((uf) => uf.uf);
  if (failed.length > 0) parts.push(`inconclusivo em ${ufList(failed)} (sem resultado)`);
  const provisional = ufs.filter((uf) => uf.motivo === 'provisoria').map((uf) => uf.uf);
  if (provisional.length > 0) parts.push(`inconclusivo em ${ufList(provisional)} (resultado provisório)`);
  const line = parts.join('; ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}

function names(ufs: readonly WatchUfDiff[], situacao: WatchUfDiff['situacao']): string[] {
  return ufs.filter((uf) => uf.situacao === situacao).map((uf) => uf.uf);
}

/** `3 imóveis em SP, 1 em MG`; `nenhum imóvel em SP`; beyond three UFs with findings, totals. */
function firstFindings(ufs: readonly WatchUfDiff[]): string {
  const first = ufs.filter((uf) => uf.situacao === 'primeira');
  const found = first.filter((uf) => (uf.quantidade_imoveis ?? 0) > 0);
  if (found.length === 0) return `nenhum imóvel em ${ufList(first.map((uf) => uf.uf))}`;
  if (found.length > 3) {
    const total = found.reduce((sum, uf) => sum + (uf.quantidade_imoveis ?? 0), 0);
    return `${counted(total, 'imóvel', 'imóveis')} em ${found.length} de ${counted(first.length, 'UF', 'UFs')}`;
  }
  const listed = found
    .map((uf, i) => {
      const n = uf.quantidade_imoveis ?? 0;
      return i === 0 ? `${counted(n, 'imóvel', 'imóveis')} em ${uf.uf}` : `${n} em ${uf.uf}`;
    })
    .join(', ');
  const none = first.filter((uf) => !found.includes(uf)).map((uf) => uf.uf);
  return none.length === 0 ? listed : `${listed}, nenhum em ${ufList(none)}`;
}
