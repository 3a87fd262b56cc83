import type { Database } from '@regapi/db';
import {
  adjustBalance,
  createAccount,
  debitOrder,
  getAccount,
  RefundExceedsDebitError,
  refundOrder,
  topUp,
  verifyLedger,
} from '@regapi/ledger';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import fc from 'fast-check';
import type { Transaction } from 'kysely';
import { handleSettlementMessage } from '../src';
import { delivered, finishedMessage } from './support/scenario';

/**
 * Random sequences of top-ups, debits, refunds, adjustments and (re)delivered settlements against a model of what
 * the money should be. After every step: every entry's legs sum to zero, each balance is the sum of its postings and
 * matches the model, no order has two debits or two refunds, no refund exceeds its debit (verifyLedger), and a
 * repeated top-up reference changed nothing.
 */
const database = useTestDatabase();
const logger = silentLogger();

const ACCOUNTS = 2;
const ORDERS = 6;
/** A reference always carries the same amount, as a real payment does. */
const REFERENCES = { 'pix-1': 1_000, 'pix-2': 2_500, 'ted-3': 700 } as const;
/** pesquisa-previa-bens: 600/601/605 refunded, 200/612/608 kept. */
const CODES = [200, 600, 601, 605, 612, 608] as const;
const REFUNDED = new Set<number>([600, 601, 605]);

type Step =
  | { readonly op: 'topup'; readonly account: number; readonly reference: keyof typeof REFERENCES | undefined }
  /** `exact` / `over`: the account's whole balance or one centavo more, to hit the boundary. */
  | {
      readonly op: 'debit';
      readonly account: number;
      readonly order: number;
      readonly amount: number | 'exact' | 'over';
    }
  | { readonly op: 'refund'; readonly order: number; readonly percent: number | undefined }
  | { readonly op: 'settle'; readonly order: number; readonly code: (typeof CODES)[number]; readonly copy: number }
  | { readonly op: 'adjust'; readonly account: number; readonly amount: number };

const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const order = fc.integer({ min: 0, max: ORDERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('topup' as const),
    account,
    reference: fc.option(fc.constantFrom(...(Object.keys(REFERENCES) as (keyof typeof REFERENCES)[])), {
      nil: undefined,
    }),
  }),
  fc.record({
    op: fc.constant('debit' as const),
    account,
    order,
    amount: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.constantFrom('exact' as const, 'over' as const)),
  }),
  fc.record({
    op: fc.constant('refund' as const),
    order,
    percent: fc.option(fc.integer({ min: 1, max: 150 }), { nil: undefined }),
  }),
  // `copy` picks one of two message ids per (order, code): choosing the same again is a redelivery.
  fc.record({
    op: fc.constant('settle' as const),
    order,
    code: fc.constantFrom(...CODES),
    copy: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({
    op: fc.constant('adjust' as const),
    account,
    amount: fc.integer({ min: -2_000, max: 2_000 }).filter((n) => n !== 0),
  }),
);

interface Model {
  readonly accountIds: string[];
  readonly orderIds: string[];
  readonly balances: number[];
  readonly debits: Map<number, { account: number; amount: number }>;
  readonly refunded: Set<number>;
  readonly references: Set<string>;
  readonly messageIds: Map<string, string>;
  readonly processed: Set<string>;
}

const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => database.db.transaction().execute(work);

function refund(model: Model, index: number, amount?: number): void {
  const debit = model.debits.get(index);
  if (debit === undefined || model.refunded.has(index)) return;
  model.refunded.add(index);
  model.balances[debit.account] = (model.balances[debit.account] ?? 0) + (amount ?? debit.amount);
}

async function run(model: Model, s: Step): Promise<void> {
  switch (s.op) {
    case 'topup': {
      const amount = s.reference === undefined ? 1_500 : REFERENCES[s.reference];
      const accountId = model.accountIds[s.account] ?? '';
      const result = await inTransaction((trx) =>
        topUp(trx, {
          accountId,
          amountCentavos: amount,
          ...(s.reference === undefined ? {} : { reference: s.reference }),
        }),
      );
      const key = `${s.account}:${s.reference}`;
      const repeat = s.reference !== undefined && model.references.has(key);
      expect(result.applied).toBe(!repeat);
      if (!repeat) model.balances[s.account] = (model.balances[s.account] ?? 0) + amount;
      if (s.reference !== undefined) model.references.add(key);
      return;
    }
    case 'debit': {
      const balance = model.balances[s.account] ?? 0;
      const amount = s.amount === 'exact' ? Math.max(1, balance) : s.amount === 'over' ? balance + 1 : s.amount;
      const result = await inTransaction((trx) =>
        debitOrder(trx, {
          accountId: model.accountIds[s.account] ?? '',
          orderId: model.orderIds[s.order] ?? '',
          protocolo: String(1_000 + s.order),
          fonte: 'pesquisa-previa-bens',
          uf: 'RJ',
          amountCentavos: amount,
        }),
      );
      if (model.debits.has(s.order)) expect(result).toEqual({ ok: false, reason: 'already_debited' });
      else if (balance < amount) expect(result).toMatchObject({ ok: false, reason: 'insufficient_balance' });
      else {
        expect(result).toMatchObject({ ok: true, balanceCentavos: balance - amount });
        model.debits.set(s.order, { account: s.account, amount });
        model.balances[s.account] = balance - amount;
      }
      return;
    }
    case 'refund': {
      const debit = model.debits.get(s.order);
      const amount =
        debit === undefined || s.percent === undefined
          ? undefined
          : Math.max(1, Math.floor((debit.amount * s.percent) / 100));
      const attempt = inTransaction((trx) =>
        refundOrder(trx, {
          orderId: model.orderIds[s.order] ?? '',
          reason: 'Estorno manual',
          ...(amount === undefined ? {} : { amountCentavos: amount }),
        }),
      );
      if (debit === undefined) return void expect(await attempt).toEqual({ applied: false, reason: 'not_debited' });
      if (amount !== undefined && amount > debit.amount)
        return void (await expect(attempt).rejects.toBeInstanceOf(RefundExceedsDebitError));
      const result = await attempt;
      expect(result.applied).toBe(!model.refunded.has(s.order));
      refund(model, s.order, amount);
      return;
    }
    case 'settle': {
      const key = `${s.order}:${s.code}:${s.copy}`;
      let id = model.messageIds.get(key);
      if (id === undefined) {
        id = crypto.randomUUID();
        model.messageIds.set(key, id);
      }
      const debit = model.debits.get(s.order);
      const message = finishedMessage(
        {
          accountId: model.accountIds[debit?.account ?? 0] ?? '',
          orderId: model.orderIds[s.order] ?? '',
          protocolo: String(1_000 + s.order),
          fonte: 'pesquisa-previa-bens',
          priceCentavos: debit?.amount ?? 0,
        },
        s.code,
        null,
        id,
      );
      const outcome = await handleSettlementMessage(database.db, logger, delivered(message, model.processed.has(id)));
      if (model.processed.has(id)) return void expect(outcome).toEqual({ kind: 'duplicate' });
      model.processed.add(id);
      if (REFUNDED.has(s.code)) refund(model, s.order);
      return;
    }
    case 'adjust': {
      const result = await inTransaction((trx) =>
        adjustBalance(trx, {
          accountId: model.accountIds[s.account] ?? '',
          amountCentavos: s.amount,
          reason: 'Ajuste',
        }),
      );
      const balance = model.balances[s.account] ?? 0;
      if (balance + s.amount < 0) expect(result).toMatchObject({ ok: false, reason: 'insufficient_balance' });
      else {
        expect(result).toMatchObject({ ok: true, balanceCentavos: balance + s.amount });
        model.balances[s.account] = balance + s.amount;
      }
      return;
    }
  }
}

test('no sequence of operations or redeliveries creates or loses money', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
      const accountIds = await Promise.all(
        Array.from({ length: ACCOUNTS }, async (_, i) => (await createAccount(database.db, { name: `P${i}` })).id),
      );
      const model: Model = {
        accountIds,
        orderIds: Array.from({ length: ORDERS }, () => crypto.randomUUID()),
        balances: accountIds.map(() => 0),
        debits: new Map(),
        refunded: new Set(),
        references: new Set(),
        messageIds: new Map(),
        processed: new Set(),
      };
      for (const s of steps) {
        await run(model, s);
        for (const [index, accountId] of accountIds.entries()) {
          expect(await verifyLedger(database.db, { accountId })).toEqual([]);
          expect((await getAccount(database.db, accountId))?.balance_centavos).toBe(model.balances[index]);
        }
      }
    }),
    { numRuns: 40 },
  );
  // And across everything the runs wrote.
  expect(await verifyLedger(database.db)).toEqual([]);
});
