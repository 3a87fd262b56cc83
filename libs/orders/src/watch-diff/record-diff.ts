import type { WatchDiffMatricula, WatchDiffResultado, WatchDocumento } from '@regapi/contracts';
import { splitActs } from './act-headings';
import { recordSummary } from './record-summary';
import { type ActChanges, compareRecordTexts, watchAto } from './record-text-diff';
import { type RecordViewRun, recordText, recordViewDelivered } from './record-view-run';

/** Decision 0152: what an image-only comparison says, word for word. */
export const IMAGE_ONLY_NOTICE = 'sem camada de texto: comparação pelo número de páginas e hash';

const NO_CHANGES: ActChanges = { atosNovos: [], atosAlterados: [], atosRemovidos: [], anomalias: [], atosAtuais: [] };

/**
 * A `matricula` run against the watch's last delivered view (decision 0152, "What it reports"; rules in decision
 * 0162). Both with a text layer: act by act. Either without one (an image-only record, or an office that started
 * scanning): the archived documents, by page count and SHA-256, a different hash being a change. A run that was not
 * delivered concludes nothing (`inconclusiva`); the first delivered one is `primeira`.
 */
export function compareRecordViews(baseline: RecordViewRun | null, current: RecordViewRun): WatchDiffMatricula {
  if (!recordViewDelivered(current)) return build('inconclusiva', null, NO_CHANGES, null, null);
  const text = recordText(current);
  if (!recordViewDelivered(baseline)) {
    if (text !== null) {
      const atosAtuais = splitActs(text).acts.map(watchAto);
      return build('primeira', 'texto', { ...NO_CHANGES, atosAtuais }, null, null);
    }
    return build('primeira', 'documento', NO_CHANGES, null, current.documento);
  }
  const anomalias = servedRecordChange(baseline, current);
  const before = recordText(baseline);
  if (text !== null && before !== null) {
    const changes = compareRecordTexts(before, text);
    const all = { ...changes, anomalias: [...anomalias, ...changes.anomalias] };
    const changed =
      anomalias.length > 0 ||
      changes.atosNovos.length + changes.atosAlterados.length + changes.atosRemovidos.length > 0;
    return build(changed ? 'alteracao' : 'sem_alteracao', 'texto', all, null, null);
  }
  if (baseline.documento === null || current.documento === null) {
    // The archive has not stored one of the two documents: nothing to compare them by.
    return build('inconclusiva', 'documento', { ...NO_CHANGES, anomalias }, baseline.documento, current.documento);
  }
  const changed = anomalias.length > 0 || baseline.documento.sha256 !== current.documento.sha256;
  return build(
    changed ? 'alteracao' : 'sem_alteracao',
    'documento',
    { ...NO_CHANGES, anomalias },
    baseline.documento,
    current.documento,
  );
}

/** The registry serves another record than last time (the record was closed and carried to a new number). */
function servedRecordChange(baseline: RecordViewRun, current: RecordViewRun): string[] {
  const before = baseline.result?.identificadores?.matricula ?? null;
  const now = current.result?.identificadores?.matricula ?? null;
  if (before === null || now === null || before === now) return [];
  return [
    `o cartório serviu a matrícula ${now}, não mais a ${before}: a matrícula pode ter sido encerrada e transportada`,
  ];
}

function build(
  resultado: WatchDiffResultado,
  comparacao: WatchDiffMatricula['comparacao'],
  changes: ActChanges,
  documentoAnterior: WatchDocumento | null,
  documentoAtual: WatchDocumento | null,
): WatchDiffMatricula {
  const aviso = comparacao === 'documento' ? IMAGE_ONLY_NOTICE : null;
  return {
    tipo: 'matricula',
    resultado,
    resumo: recordSummary({ resultado, comparacao, aviso, changes, documentoAnterior, documentoAtual }),
    comparacao,
    aviso,
    atos_novos: changes.atosNovos,
    atos_alterados: changes.atosAlterados,
    atos_removidos: changes.atosRemovidos,
    anomalias: changes.anomalias,
    documento_anterior: documentoAnterior,
    documento_atual: documentoAtual,
  };
}
