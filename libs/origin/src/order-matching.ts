import type { OrderSummary } from './orders';

/**
 * Which listed record view is the order placed for `matricula` at the office `officeCns` (contract 3: reconciliation
 * lists the origin's orders). The one copy of the rule, shared by origin-session's in-doubt resolution and the
 * reconciler's 605 reconciliation. `candidates` are the listed record views nobody else owns, placed since the
 * attempt; `officeCns` is undefined when the catalog does not know the office (then every candidate is at it).
 *
 * The exact record first; otherwise, when exactly one unowned order exists at that office, it is ours: a record
 * re-opened under a new number is listed under the new one (contract 2.5), and the origin's stand-ins answer the same way.
 */
export function pickListedRecordView(
  candidates: readonly OrderSummary[],
  officeCns: string | undefined,
  matricula: string,
): OrderSummary | undefined {
  const atOffice =
    officeCns === undefined ? candidates : candidates.filter((summary) => summary.cartorioCns === officeCns);
  const exact = atOffice.find(
    (summary) => summary.matricula !== null && sameRecordNumber(summary.matricula, matricula),
  );
  return exact ?? (atOffice.length === 1 ? atOffice[0] : undefined);
}

/** Two ways of writing one record: leading zeros ignored, a CNM counted as its record number. */
export function sameRecordNumber(a: string, b: string): boolean {
  return recordNumber(a) === recordNumber(b);
}

function recordNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  // CNM (Provimento CNJ 143/2023): CNS (6) + book (1) + record number (7) + check digits (2).
  const numero = digits.length === 16 ? digits.slice(7, 14) : digits;
  return numero.replace(/^0+/, '');
}
