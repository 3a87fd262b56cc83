import { formatReais, reaisNumber } from '@regapi/br';
import type { LedgerEntryKind, StatementLine } from '../statement';
import { defuseFormula } from './csv';

/** The kind of an entry, in the customer's words. */
export const TIPO_LANCAMENTO: Readonly<Record<LedgerEntryKind, string>> = {
  topup: 'recarga',
  order_debit: 'debito',
  order_refund: 'estorno',
  adjustment: 'ajuste',
};

/**
 * One line of the customer's extrato (`GET /v1/extrato`). Money in reais: a signed JSON number in `valor` (negative
 * for a debit), like `header.price`. Never a key named `code` (contract 2.1): the result code is `codigo_resultado`.
 */
export type ExtratoLine = {
  readonly lancamento_id: string;
  readonly data_hora: string;
  readonly tipo: string;
  readonly valor: number;
  readonly saldo_apos: number;
  readonly protocolo: string | null;
  readonly fonte: string | null;
  readonly uf: string | null;
  readonly codigo_resultado: number | null;
  readonly classe_resultado: string | null;
  readonly referencia: string | null;
  readonly motivo: string | null;
};

/** The one place a ledger line becomes an extrato line. */
export function toExtratoLine(line: StatementLine): ExtratoLine {
  return {
    lancamento_id: line.transaction_id,
    data_hora: line.created_at.toISOString(),
    tipo: TIPO_LANCAMENTO[line.kind],
    valor: reaisNumber(line.amount_centavos),
    saldo_apos: reaisNumber(line.balance_after_centavos),
    protocolo: line.protocolo,
    fonte: line.fonte,
    uf: line.uf,
    codigo_resultado: line.code,
    classe_resultado: line.result_class,
    referencia: line.external_reference,
    motivo: line.reason,
  };
}

/** CSV columns, in order; the header row uses these names (docs/decisions/0018). */
export const CSV_COLUMNS = [
  'data_hora',
  'lancamento_id',
  'tipo',
  'valor',
  'saldo_apos',
  'protocolo',
  'fonte',
  'uf',
  'codigo_resultado',
  'classe_resultado',
  'referencia',
  'motivo',
] as const;

/** A ledger line as CSV cells: amounts as exact decimal text ("-12.50"), absent values as empty cells. */
export function toCsvCells(line: StatementLine): Readonly<Record<(typeof CSV_COLUMNS)[number], string | null>> {
  return {
    data_hora: line.created_at.toISOString(),
    lancamento_id: line.transaction_id,
    tipo: TIPO_LANCAMENTO[line.kind],
    valor: formatReais(line.amount_centavos),
    saldo_apos: formatReais(line.balance_after_centavos),
    protocolo: line.protocolo,
    fonte: line.fonte,
    uf: line.uf,
    codigo_resultado: line.code === null ? null : String(line.code),
    classe_resultado: line.result_class,
    referencia: line.external_reference === null ? null : defuseFormula(line.external_reference),
    motivo: line.reason === null ? null : defuseFormula(line.reason),
  };
}
