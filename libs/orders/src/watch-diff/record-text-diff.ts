import type { WatchAto, WatchAtoAlterado } from '@regapi/contracts';
import { type RecordAct, splitActs } from './act-headings';
import { actNature } from './act-nature';

export interface ActChanges {
  readonly atosNovos: readonly WatchAto[];
  readonly atosAlterados: readonly WatchAtoAlterado[];
  readonly atosRemovidos: readonly WatchAto[];
  readonly anomalias: readonly string[];
  /** Acts in the current text (for the "no change" line). */
  readonly atosAtuais: readonly WatchAto[];
}

/**
 * Two text layers of one record, act by act (decision 0162): acts added, acts whose text changed (before/after), and
 * acts gone — which a registry never does (an act is cancelled by a later one, never erased), so each is an anomaly
 * too. When either text has no act heading at all, the whole text (page furniture removed) is compared as one unit,
 * `texto`, and the anomaly says no heading was recognised.
 */
export function compareRecordTexts(before: string, after: string): ActChanges {
  const old = splitActs(before);
  const now = splitActs(after);
  if (old.acts.length === 0 || now.acts.length === 0) {
    const anomalias = [
      ...(old.acts.length === 0 ? ['nenhum cabeçalho de ato (R., AV.) reconhecido no texto anterior'] : []),
      ...(now.acts.length === 0 ? ['nenhum cabeçalho de ato (R., AV.) reconhecido no texto atual'] : []),
    ];
    const oldWhole = wholeText(old);
    const nowWhole = wholeText(now);
    const atosAlterados =
      oldWhole === nowWhole ? [] : [{ ato: 'texto', natureza: null, antes: oldWhole, depois: nowWhole }];
    return { atosNovos: [], atosAlterados, atosRemovidos: [], anomalias, atosAtuais: now.acts.map(watchAto) };
  }
  const previous = new Map(old.acts.map((act) => [act.label, act]));
  const current = new Map(now.acts.map((act) => [act.label, act]));
  const atosNovos = now.acts.filter((act) => !previous.has(act.label)).map(watchAto);
  const atosRemovidos = old.acts.filter((act) => !current.has(act.label)).map(watchAto);
  const atosAlterados: WatchAtoAlterado[] = [];
  for (const act of now.acts) {
    const was = previous.get(act.label);
    if (was !== undefined && was.text !== act.text) {
      atosAlterados.push({ ato: act.label, natureza: actNature(act.text), antes: was.text, depois: act.text });
    }
  }
  const anomalias = atosRemovidos.map(
    (act) => `o ato ${act.ato} deixou de constar da matrícula: um registro não apaga atos; confira o documento`,
  );
  return {
    atosNovos: sortActs(atosNovos),
    atosAlterados: atosAlterados.sort((a, b) => byLabel(a.ato, b.ato)),
    atosRemovidos: sortActs(atosRemovidos),
    anomalias,
    atosAtuais: sortActs(now.acts.map(watchAto)),
  };
}

function wholeText(acts: ReturnType<typeof splitActs>): string {
  return [acts.opening, ...acts.acts.map((act) => act.text)].filter((part) => part !== '').join(' ');
}

export function watchAto(act: RecordAct): WatchAto {
  return { ato: act.label, tipo: act.kind, numero: act.numero, natureza: actNature(act.text), texto: act.text };
}

function sortActs(acts: readonly WatchAto[]): WatchAto[] {
  return [...acts].sort((a, b) => byLabel(a.ato, b.ato));
}

/** Acts in their order in the record: by number (one sequence for R and AV), then R before AV. */
function byLabel(a: string, b: string): number {
  const [kindA = '', numberA = '0'] = a.split('.');
  const [kindB = '', numberB = '0'] = b.split('.');
  return Number(numberA) - Number(numberB) || (kindA < kindB ? 1 : kindA > kindB ? -1 : 0);
}
