import type { ImovelMatricula } from '@regapi/contracts';
import type { Order } from './order';

/** Spec 3 and 8: the origin refuses the same product on the same record and office for about 7 days (an estimate). */
export const ORDER_BLOCK_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * What the order block compares (spec 3): the product, the office (its national code, so two spellings of the
 * municipality are the same office) and the record number without leading zeros ("000123" and "123" are one record;
 * a CNM counts as its record number). The product is part of it: the origin blocks a repeat of the same product, so a
 * record view does not block the certificate of the same record (docs/decisions/0027).
 */
export function imovelChave(fonte: string, officeCns: string, matricula: ImovelMatricula): string {
  const numero = matricula.kind === 'cnm' ? matricula.cnm.numero : matricula.numero;
  return `${fonte}:${officeCns}:${numero.replace(/^0+/, '')}`;
}

/** When the record may be ordered again after `blocking` (spec 3: "the date from which it is accepted again"). */
export function acceptedAgainAt(blocking: Pick<Order, 'createdAt'>): Date {
  return new Date(blocking.createdAt.getTime() + ORDER_BLOCK_WINDOW_MS);
}
