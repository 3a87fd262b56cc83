import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { InvalidLedgerInputError, NotInTransactionError } from './errors';

/** Reads accept the pool or a transaction; writes take a transaction (see `requireTransaction`). */
export type Db = Kysely<Database> | Transaction<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The type already demands a Transaction; this catches a plain pool smuggled in from untyped code, where the account
 * lock would end with the statement and the "never overdraw" guarantee would degrade to the CHECK backstop.
 */
export function requireTransaction(trx: Transaction<Database>, operation: string): void {
  if (!trx.isTransaction) throw new NotInTransactionError(operation);
}

/** Integer centavos, positive, exactly representable: money is never fractional inside (architecture rule 3). */
export function positiveCentavos(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidLedgerInputError(field, `must be a positive integer number of centavos, got ${value}`);
  }
  return value;
}

export function uuidArgument(field: string, value: string): string {
  if (!isUuid(value)) throw new InvalidLedgerInputError(field, `must be a UUID, got ${JSON.stringify(value)}`);
  return value;
}

export function textArgument(field: string, value: string): string {
  if (value.trim() === '') throw new InvalidLedgerInputError(field, 'must not be empty');
  return value;
}
