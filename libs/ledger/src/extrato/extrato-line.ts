import { formatReais, reaisNumber } from '@regapi/br';
import type { CsvDialect } from '@regapi/contracts';
import type { LedgerEntryKind, StatementLine } from '../statement';
import { csvAmount, defuseFormula } from './csv';

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
  /** Deprecated alias of `referencia_pagamento`, kept until 2027-06-30 (docs/decisions/0144). */
  readonly referencia: string | null;
  /** A top-up's payment reference (or an adjustment's). */
  readonly referencia_pagamento: string | null;
  /** The customer's own `referencia` of the order an entry is about (its debit, its refund). */
  readonly referencia_cliente: string | null;
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
    referencia_pagamento: line.external_reference,
    referencia_cliente: line.order_referencia,
    motivo: line.reason,
  };
}

/**
 * CSV columns, in order; the header row uses these names (docs/decisions/0018). The two unambiguous references come
 * last so files read by position keep their columns; `referencia` stays as their deprecated alias (decision 0144).
 */
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
  'referencia_pagamento',
  'referencia_cliente',
] as const;

/** A ledger line as CSV cells: amounts as exact decimal text ("-12.50", "-12,50" in pt-BR), absent values empty. */
export function toCsvCells(
  line: StatementLine,
  dialect: CsvDialect = 'rfc4180',
): Readonly<Record<(typeof CSV_COLUMNS)[number], string | null>> {
  const paymentReference = line.external_reference === null ? null : defuseFormula(line.external_reference);
  return {
    data_hora: line.created_at.toISOString(),
    lancamento_id: line.transaction_id,
    tipo: TIPO_LANCAMENTO[line.kind],
    valor: csvAmount(formatReais(line.amount_centavos), dialect),
    saldo_apos: csvAmount(formatReais(line.balance_after_centavos), dialect),
    protocolo: line.protocolo,
    fonte: line.fonte,
    uf: line.uf,
    codigo_resultado: line.code === null ? null : String(line.code),
    classe_resultado: line.result_class,
    referencia: paymentReference,
    motivo: line.reason === null ? null : defuseFormula(line.reason),
    referencia_pagamento: paymentReference,
    referencia_cliente: line.order_referencia === null ? null : defuseFormula(line.order_referencia),
  };
}
