import { compileMessageSchema } from './message-validator';

/**
 * `account.balance-low`: a debit took an account's balance below the low-balance threshold its customer set
 * (migration 0021), written by libs/ledger in the debit's own transaction — once per crossing, not per debit below it.
 * Read by the webhooks service (decision 0093: `saldo.abaixo_do_limite`).
 */
export const BALANCE_LOW = 'account.balance-low';

export interface BalanceLow {
  readonly account_id: string;
  readonly balance_centavos: number;
  readonly threshold_centavos: number;
  /** ISO 8601. */
  readonly at: string;
}

export const BALANCE_LOW_SCHEMA = {
  $id: 'regapi:account.balance-low',
  type: 'object',
  required: ['account_id', 'balance_centavos', 'threshold_centavos', 'at'],
  properties: {
    account_id: { type: 'string', format: 'uuid' },
    balance_centavos: { type: 'integer', minimum: 0 },
    threshold_centavos: { type: 'integer', minimum: 1 },
    at: { type: 'string', format: 'date-time' },
  },
} as const;

const validate = compileMessageSchema<BalanceLow>(BALANCE_LOW_SCHEMA);

export function parseBalanceLow(payload: unknown): BalanceLow | undefined {
  return validate(payload) ? payload : undefined;
}
