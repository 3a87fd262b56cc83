import type { WatchAto, WatchDiffMatricula, WatchDiffResultado, WatchDocumento } from '@regapi/contracts';
import { counted } from './plural';
import type { ActChanges } from './record-text-diff';

export interface RecordSummaryInput {
  readonly resultado: WatchDiffResultado;
  readonly comparacao: WatchDiffMatricula['comparacao'];
  readonly aviso: string | null;
  readonly changes: ActChanges;
  readonly documentoAnterior: WatchDocumento | null;
  readonly documentoAtual: WatchDocumento | null;
}

/** The plain line of a `matricula` run: "1 ato novo: R.5 (venda)"; an image-only record starts with its notice. */
export function recordSummary(input: RecordSummaryInput): string {
  const { changes } = input;
  const parts: string[] = [];
  if (input.aviso !== null) parts.push(input.aviso);
  switch (input.resultado) {
    case 'inconclusiva':
      parts.push(
        input.comparacao === 'documento'
          ? 'o documento arquivado de uma das visualizações falta: nada foi comparado'
          : 'a visualização não chegou a um resultado nesta execução: nada foi comparado',
      );
      break;
    case 'primeira':
      parts.push(
        input.comparacao === 'texto'
          ? `primeira visualização: ${actCount(changes.atosAtuais)}`
          : `primeira visualização: ${pages(input.documentoAtual)}`,
      );
      break;
    case 'sem_alteracao':
      parts.push(
        input.comparacao === 'texto'
          ? `sem alteração: ${actCount(changes.atosAtuais)}`
          : `sem alteração: o mesmo documento (${pages(input.documentoAtual)})`,
      );
      break;
    case 'alteracao':
      if (input.comparacao === 'documento') parts.push(`documento diferente (${pageChange(input)})`);
      if (changes.atosNovos.length > 0) {
        parts.push(`${counted(changes.atosNovos.length, 'ato novo', 'atos novos')}: ${actList(changes.atosNovos)}`);
      }
      if (changes.atosAlterados.length > 0) {
        const list = changes.atosAlterados.map((act) => named(act.ato, act.natureza)).join(', ');
        parts.push(`${counted(changes.atosAlterados.length, 'ato alterado', 'atos alterados')}: ${list}`);
      }
      if (changes.atosRemovidos.length > 0) {
        const gone = counted(changes.atosRemovidos.length, 'ato deixou', 'atos deixaram');
        parts.push(`anomalia: ${gone} de constar: ${actList(changes.atosRemovidos)}`);
      }
      break;
  }
  const served = changes.anomalias.filter((text) => text.startsWith('o cartório serviu'));
  parts.push(...served);
  const line = parts.join('; ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}

function named(ato: string, natureza: string | null): string {
  return natureza === null ? ato : `${ato} (${natureza})`;
}

function actList(acts: readonly WatchAto[]): string {
  return acts.map((act) => named(act.ato, act.natureza)).join(', ');
}

/** `5 atos, o último R.5 (venda)`. */
function actCount(acts: readonly WatchAto[]): string {
  const last = acts.at(-1);
  if (last === undefined) return 'nenhum ato reconhecido no texto';
  return `${counted(acts.length, 'ato', 'atos')}, o último ${named(last.ato, last.natureza)}`;
}

function pages(documento: WatchDocumento | null): string {
  return documento === null ? 'documento ainda não arquivado' : counted(documento.paginas, 'página', 'páginas');
}

function pageChange(input: RecordSummaryInput): string {
  const before = input.documentoAnterior?.paginas;
  const now = input.documentoAtual?.paginas;
  if (before === undefined || now === undefined) return 'hash diferente';
  return before === now
    ? `hash diferente, ${counted(now, 'página', 'páginas')}`
    : `hash diferente, ${before} → ${counted(now, 'página', 'páginas')}`;
}
