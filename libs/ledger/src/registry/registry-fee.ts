import type { Database } from '@regapi/db';
import { sql, type Transaction } from 'kysely';
import { requireTransaction, textArgument } from '../db';
import { InvalidLedgerInputError } from '../errors';

/** The platform's accounts of the registry's cost (migration 0035; sign convention of `SYSTEM_ACCOUNTS`). */
export const REGISTRY_ACCOUNTS = Object.freeze({
  /** What the registry charged the platform: debited (negative postings). */
  expense: 'platform:registry_expense',
  /** What the platform owes the registry: credited (positive postings) until paid. */
  payable: 'platform:registry_payable',
} as const);

export interface RegistryFeeInput {
  /** The origin's protocol of its order. */
  readonly numeroPedido: string;
  readonly fonte: string;
  /** The fee the origin reported (`valor`), integer centavos; zero is a fee too (recorded, no legs). */
  readonly feeCentavos: number;
  /** When the origin says it charged it (its answer's date, or the listing's `criadoEm`). */
  readonly chargedAt: Date;
  readonly source: 'answer' | 'listing';
}

/**
 * Records the registry's fee for one origin order and its double entry (expense debited, payable credited) in the
 * caller's transaction, ONE statement; `false` when the fee of that origin order was already recorded (a redelivery,
 * a second answer, a later listing): the first report stands (docs/decisions/0102).
 */
export async function recordRegistryFee(trx: Transaction<Database>, fee: RegistryFeeInput): Promise<boolean> {
  requireTransaction(trx, 'recordRegistryFee');
  textArgument('numeroPedido', fee.numeroPedido);
  if (!Number.isSafeInteger(fee.feeCentavos) || fee.feeCentavos < 0) {
    throw new InvalidLedgerInputError('feeCentavos', `must be a non-negative integer, got ${fee.feeCentavos}`);
  }
  if (Number.isNaN(fee.chargedAt.getTime())) throw new InvalidLedgerInputError('chargedAt', 'must be a valid date');
  const amount = fee.feeCentavos;
  const { rows } = await sql<{ numero_pedido: string }>`
    WITH fee AS (
      INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source)
      VALUES (${fee.numeroPedido}, ${fee.fonte}, ${amount}::bigint, ${fee.chargedAt}::timestamptz, ${fee.source})
      ON CONFLICT (numero_pedido) DO NOTHING
      RETURNING numero_pedido
    ), legs AS (
      INSERT INTO registry_fee_posting (numero_pedido, system_account, amount_centavos)
      SELECT fee.numero_pedido, leg.system_account, leg.amount_centavos
      FROM fee CROSS JOIN (VALUES
        (${REGISTRY_ACCOUNTS.expense}::text, ${-amount}::bigint),
        (${REGISTRY_ACCOUNTS.payable}::text, ${amount}::bigint)
      ) AS leg (system_account, amount_centavos)
      WHERE ${amount}::bigint > 0
    )
    SELECT numero_pedido FROM fee`.execute(trx);
  return rows.length === 1;
}
