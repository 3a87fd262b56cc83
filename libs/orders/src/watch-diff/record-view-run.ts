import type { WatchDocumento } from '@regapi/contracts';
import type { RecordViewResult } from '../order-result';

/**
 * One run of a `matricula` watch: its order's stored result (contract 2.5; `dados.conteudo` is the text layer the
 * archive read from the PDF) and the archived document's facts (`order_document.sha256` and its page count), null
 * while the archive has not stored it.
 */
export interface RecordViewRun {
  readonly result: RecordViewResult | null;
  readonly documento: WatchDocumento | null;
}

/** A run reached a result when the record was delivered (`SUCESSO`); any other end concluded nothing about it. */
export function recordViewDelivered(run: RecordViewRun | null): run is RecordViewRun {
  return run?.result?.status_consulta === 'SUCESSO';
}

/** The text layer, or null when the record has none (an image-only record: contract 2.5, null is not "missing"). */
export function recordText(run: RecordViewRun): string | null {
  const text = run.result?.dados?.conteudo;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** The latest delivered run of a watch's earlier runs (oldest first): what the next run is compared with. */
export function recordBaseline(history: readonly RecordViewRun[]): RecordViewRun | null {
  return history.findLast(recordViewDelivered) ?? null;
}
