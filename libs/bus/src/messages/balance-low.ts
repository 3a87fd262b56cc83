import { Type } from '@sinclair/typebox';
import { DATE_TIME, type MessageOf, messageKind, UUID } from './message-kind';

/**
 * `account.balance-low`: a debit took an account's balance below the low-balance threshold its customer set
 * (migration 0021), written by libs/ledger in the debit's own transaction — once per crossing, not per debit below it.
 * Read by the webhooks service (decision 0093: `saldo.abaixo_do_limite`).
 */
export const BALANCE_LOW = 'account.balance-low';

export const balanceLowMessage = messageKind(
  Type.Object(
    {
      account_id: UUID,
      balance_centavos: Type.Integer({ minimum: 0 }),
      threshold_centavos: Type.Integer({ minimum: 1 }),
      at: DATE_TIME,
    },
    { $id: 'regapi:account.balance-low' },
  ),
);
export type BalanceLow = MessageOf<typeof balanceLowMessage.schema>;
