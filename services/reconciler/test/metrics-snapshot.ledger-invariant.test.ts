import { ManualClock } from '@regapi/calendar';
import { useTestDatabase, writeBehindTriggers } from '@regapi/testkit';
import { sql } from 'kysely';
import { computeSnapshot } from '../src';
import { acceptPaidOrder, fundedAccount, SNAPSHOT_SETTINGS } from './support/snapshot-fixtures';

// Issue 13: the ledger-invariant gauge is 0 while the ledger holds and counts problems once it does not. The cheap
// check runs at every snapshot, the full verifyLedger every 10 minutes (docs/decisions/0064). The corruption below
// goes around the ledger's triggers (session_replication_role = replica), as only a bug or a hand-edit could.

const MINUTE = 60_000;
const database = useTestDatabase();
const clock = new ManualClock(new Date());

test('the cheap check sees a recent corruption at once; the full one counts old ones at its own cadence', async () => {
  const account = await fundedAccount(database.db, 50_000);
  const order = await acceptPaidOrder(database.db, {
    accountId: account,
    fonte: 'visualizacao-matricula',
    priceCentavos: 2_500,
    at: clock.now(),
  });
  const first = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  expect(first.figures.ledger).toMatchObject({ recentProblems: 0, fullProblems: 0 });
  expect(first.figures.customerBalancesCentavos).toBe(47_500);

  // A balance moved without an entry: the balance no longer is what the newest entry left.
  clock.advance(MINUTE);
  await writeBehindTriggers(
    database.db,
    sql`UPDATE account SET balance_centavos = balance_centavos + 100 WHERE id = ${account}`,
  );
  const second = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS, first.figures);
  // Within 10 minutes of the full check, it is not run again: its count is carried, the cheap one sees the problem.
  expect(second.figures.ledger).toEqual({ ...first.figures.ledger, recentProblems: 1 });

  // Half an hour later the debit entry is outside the cheap check's window (two full intervals); give it a third
  // leg, so it no longer sums to zero: only a full verification reads that far back.
  clock.advance(30 * MINUTE);
  await writeBehindTriggers(
    database.db,
    sql`
    INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos)
    SELECT id, 'platform:adjustments', 1 FROM ledger_transaction WHERE order_id = ${order.id}`,
  );
  const third = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS, second.figures);
  expect(third.figures.ledger.recentProblems).toBe(1);
  // The full check ran (its last run is 31 minutes old): the balance and the unbalanced entry.
  expect(third.figures.ledger.fullCheckedAt).toBe(clock.now().toISOString());
  expect(third.figures.ledger.fullProblems).toBe(2);
});
