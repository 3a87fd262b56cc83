import { Ajv } from 'ajv';

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

const ajv = new Ajv({
  formats: {
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'date-time': (value: string) => !Number.isNaN(Date.parse(value)),
  },
});
const validate = ajv.compile(BALANCE_LOW_SCHEMA);

export function parseBalanceLow(payload: unknown): BalanceLow | undefined {
  return validate(payload) ? (payload as BalanceLow) : undefined;
}
