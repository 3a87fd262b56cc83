import { addDays, fromLocalDateTime, toLocalDateTime } from '@regapi/calendar';
import { getProductStatus } from '@regapi/catalog';
import { FONTES, type Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import {
  type Account,
  type BalanceAlert,
  balanceAlert,
  balanceHistory,
  dailySpend,
  EXTRATO_TIME_ZONE,
  getAccount,
} from '@regapi/ledger';
import { listAccountOrders, type Order } from '@regapi/orders';
import { listAccountTokens } from '@regapi/tokens';
import type { Kysely } from 'kysely';
import { type ConsoleSession, can } from '../../auth';

/** How many of the newest orders the home page lists. */
export const RECENT_ORDERS = 5;

/** The balance trend's period: the last 30 Brasília days, today included (one of /graficos' periods). */
export const BALANCE_TREND_DAYS = 30;

export interface ProductLine {
  readonly fonte: Fonte;
  readonly enabled: boolean;
}

/**
 * What the home page shows (docs/decisions/0148), each part read only for a role allowed to see it elsewhere in the
 * console: the money for `money:read`, the orders for `orders:read`, the products for `status:read`.
 */
export interface HomeData {
  readonly account: Account;
  readonly alert: BalanceAlert | undefined;
  /** Charges minus refunds since the first day of this Brasília month (libs/ledger `dailySpend`, as /graficos). */
  readonly spentThisMonthCentavos: number | undefined;
  /** The balance at the start of the trend's period (BALANCE_TREND_DAYS ago, Brasília), for its text alternative. */
  readonly trendStartCentavos: number | undefined;
  readonly recentOrders: readonly Order[] | undefined;
  readonly products: readonly ProductLine[] | undefined;
  /** The account's API tokens (the console's own session tokens excluded): none yet is the first step. */
  readonly tokenCount: number;
  /** No order ever, no API token: the first-steps panel leads. */
  readonly isNew: boolean;
}

/**
 * `db`: the environment the session looks at (the sandbox's in test mode, decision 0146); `tokensDb`: production's,
 * where every token lives whatever the mode.
 */
export async function homeData(
  db: Kysely<Database>,
  tokensDb: Kysely<Database>,
  session: ConsoleSession,
  now: Date,
): Promise<HomeData> {
  const accountId = session.accountId;
  const account = await getAccount(db, accountId);
  if (account === undefined) throw new Error(`console user's account ${accountId} is missing`);
  const money = can(session.role, 'money:read');
  const today = toLocalDateTime(now, EXTRATO_TIME_ZONE).date;
  const monthStart = fromLocalDateTime({ ...today, day: 1 }, 0, EXTRATO_TIME_ZONE);
  const tomorrow = fromLocalDateTime(addDays(today, 1), 0, EXTRATO_TIME_ZONE);
  const trendStart = fromLocalDateTime(addDays(today, -(BALANCE_TREND_DAYS - 1)), 0, EXTRATO_TIME_ZONE);
  const [alert, spend, trend, orders, anyOrder, products, tokens] = await Promise.all([
    balanceAlert(db, accountId),
    money ? dailySpend(db, accountId, monthStart, tomorrow) : undefined,
    money ? balanceHistory(db, accountId, trendStart, tomorrow) : undefined,
    can(session.role, 'orders:read')
      ? listAccountOrders(db, accountId, {}, { offset: 0, limit: RECENT_ORDERS })
      : undefined,
    db.selectFrom('orders').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst(),
    can(session.role, 'status:read')
      ? Promise.all(FONTES.map(async (fonte) => ({ fonte, enabled: (await getProductStatus(db, fonte)).enabled })))
      : undefined,
    listAccountTokens(tokensDb, accountId),
  ]);
  return {
    account,
    alert,
    spentThisMonthCentavos: spend?.reduce((sum, row) => sum + row.spentCentavos, 0),
    trendStartCentavos: trend?.openingCentavos,
    recentOrders: orders?.orders,
    products,
    tokenCount: tokens.length,
    isNew: anyOrder === undefined && tokens.length === 0,
  };
}
