import {
  RESULT_CLASS_INFO,
  RESULT_CLASSES,
  RESULT_CODES,
  RESULT_CODES_BY_CLASS,
  RESULT_STATUS_NOTE,
} from '../result-codes';
import type { JsonObject } from './json';

const yesNo = (value: boolean) => (value ? 'sim' : 'não');

/** Contract 7.3 as a Markdown table, one row per class, from the one table of the code (RESULT_CODES_BY_CLASS). */
export function resultClassTable(): string {
  const rows = RESULT_CLASSES.map((resultClass) => {
    const info = RESULT_CLASS_INFO[resultClass];
    const codes = RESULT_CODES_BY_CLASS[resultClass].join(', ');
    // `sucesso` says n/a for both flags in the contract: nothing to refund, nothing to retry.
    const flags = resultClass === 'sucesso' ? '— | —' : `${yesNo(info.refunded)} | ${yesNo(info.retry)}`;
    return `| \`${resultClass}\` | ${codes} | ${info.meaning} | ${flags} |`;
  });
  return ['| classe | códigos | significado | devolvido | repetir |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `code` of a finished query (contract 7.3): exactly the result codes. */
export function resultCodeSchema(): JsonObject {
  return {
    type: 'integer',
    enum: RESULT_CODES.map((info) => info.code),
    description: `Código do RESULTADO da consulta (contract 7.3; cada código, sua classe e se é devolvido em x-result-codes). ${RESULT_STATUS_NOTE}\n\n${resultClassTable()}`,
  };
}
