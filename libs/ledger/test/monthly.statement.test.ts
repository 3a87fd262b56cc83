import { createHash } from 'node:crypto';
import { pgErrorCode } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import fc from 'fast-check';
import {
  adjustBalance,
  closeMonth,
  closeMonthForAll,
  debitOrder,
  extratoMonthRange,
  generateMonthlyStatement,
  getAccount,
  refundOrder,
  type StatementStore,
  topUp,
} from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

/**
 * The closed monthly statement (docs/decisions/0105): what closing stores, that closing is idempotent, that the
 * database refuses to change a closed month, that re-generating gives the same bytes, and that the totals balance
 * with random movements. Entries are stamped by the database with the real time, so the month under test is the
 * current one, closed with a `now` after its end.
 */
const database = useTestDatabase();

/** A store in memory: keeps every put, so a test sees what closing wrote. */
function memoryStore(): StatementStore & { objects: Map<string, { bytes: Uint8Array; contentType: string }> } {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  return {
    objects,
    put: async (document) => {
      objects.set(document.key, { bytes: document.bytes, contentType: document.contentType });
    },
  };
}

function currentMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value);
  return `${parts[0]}-${parts[1]}`;
}

function afterEnd(month: string): Date {
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  return new Date(range.to.getTime() + 60_000);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function debit(accountId: string, amountCentavos: number, fonte = 'pesquisa-previa-bens') {
  const order = newOrder();
  const result = await database.db
    .transaction()
    .execute((trx) => debitOrder(trx, { accountId, ...order, fonte, uf: 'SP', amountCentavos }));
  if (!result.ok) throw new Error('debit refused');
  return order;
}

describe('closing a month', () => {
  it('stores the CSV and the PDF, records their SHA-256, and a second close changes nothing', async () => {
    const month = currentMonth();
    const account = await fundedAccount(database.db, 10_000, 'Imobiliária Ação');
    const order = await debit(account.id, 1_250);
    await database.db.transaction().execute((trx) => refundOrder(trx, { orderId: order.orderId, reason: 'Teste' }));
    await debit(account.id, 700, 'certidao-inteiro-teor');
    const store = memoryStore();
    const first = await closeMonth(database.db, store, { accountId: account.id, month, now: afterEnd(month) });
    if (first.kind !== 'closed') throw new Error(first.kind);
    const row = first.statement;
    expect(row.opening_centavos).toBe(0);
    expect(row.closing_centavos).toBe(10_000 - 700);
    expect(row.lines).toBe(4);
    const csv = store.objects.get(row.csv_key);
    const pdf = store.objects.get(row.pdf_key);
    expect(csv && sha256(csv.bytes)).toBe(row.csv_sha256);
    expect(pdf && sha256(pdf.bytes)).toBe(row.pdf_sha256);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(
      Buffer.from(pdf?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const text = new TextDecoder().decode(csv?.bytes);
    expect(text.split('\r\n')[1]).toMatch(/^[^,]+,,saldo_inicial,0\.00,0\.00,/);
    expect(text).toContain(',total_produto,-7.00,,,certidao-inteiro-teor,');
    expect(text).toContain(',saldo_final,0.00,93.00,');

    const second = await closeMonth(database.db, memoryStore(), { accountId: account.id, month, now: afterEnd(month) });
    expect(second).toEqual({ kind: 'already-closed', statement: row });
  });

  it('refuses a month that has not ended in Brasília time', async () => {
    const month = currentMonth();
    const account = await fundedAccount(database.db, 100);
    const result = await closeMonth(database.db, memoryStore(), { accountId: account.id, month, now: new Date() });
    expect(result).toEqual({ kind: 'month-not-ended' });
  });

  it('re-generating a closed month gives the same bytes', async () => {
    const month = currentMonth();
    const account = await fundedAccount(database.db, 5_000);
    await debit(account.id, 333);
    await database.db
      .transaction()
      .execute((trx) => adjustBalance(trx, { accountId: account.id, amountCentavos: -17, reason: '=cmd|ajuste ✓' }));
    const result = await closeMonth(database.db, memoryStore(), { accountId: account.id, month, now: afterEnd(month) });
    if (result.kind !== 'closed') throw new Error(result.kind);
    const again = await generateMonthlyStatement(database.db, account.id, month);
    expect(sha256(again.csv)).toBe(result.statement.csv_sha256);
    expect(sha256(again.pdf)).toBe(result.statement.pdf_sha256);
  });

  it('closes every account of the month once; closing again changes nothing', async () => {
    const month = currentMonth();
    const store = memoryStore();
    const first = await closeMonthForAll(database.db, store, { month, now: afterEnd(month) });
    if ('kind' in first) throw new Error(first.kind);
    const accounts = await database.db.selectFrom('account').select('id').execute();
    expect(first.closed + first.alreadyClosed).toBe(accounts.length);
    const again = await closeMonthForAll(database.db, store, { month, now: afterEnd(month) });
    expect(again).toEqual({ month, closed: 0, alreadyClosed: accounts.length });
  });
});

describe('a closed month is immutable', () => {
  async function closedRow() {
    const month = currentMonth();
    const account = await fundedAccount(database.db, 2_000);
    const result = await closeMonth(database.db, memoryStore(), { accountId: account.id, month, now: afterEnd(month) });
    if (result.kind !== 'closed') throw new Error(result.kind);
    return result.statement;
  }

  async function refusal(statement: string): Promise<string | undefined> {
    try {
      await database.pool.query(statement);
      return undefined;
    } catch (error) {
      return pgErrorCode(error);
    }
  }

  it('the database refuses UPDATE, DELETE and TRUNCATE (LG006)', async () => {
    const row = await closedRow();
    const where = `WHERE account_id = '${row.account_id}' AND month = '${row.month}'`;
    expect(await refusal(`UPDATE monthly_statement SET closing_centavos = 0 ${where}`)).toBe('LG006');
    expect(await refusal(`UPDATE monthly_statement SET pdf_sha256 = repeat('0', 64) ${where}`)).toBe('LG006');
    expect(await refusal(`DELETE FROM monthly_statement ${where}`)).toBe('LG006');
    expect(await refusal('TRUNCATE monthly_statement')).toBe('LG006');
    expect(await refusal(`INSERT INTO monthly_statement SELECT * FROM monthly_statement ${where}`)).toBe('23505');
    const still = await database.db
      .selectFrom('monthly_statement')
      .selectAll()
      .where('account_id', '=', row.account_id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual(row);
  });

  it('refuses a row whose totals do not balance (23514)', async () => {
    const row = await closedRow();
    const columns =
      'account_id, month, opening_centavos, closing_centavos, credits_centavos, debits_centavos, lines, csv_key, csv_sha256, csv_bytes, pdf_key, pdf_sha256, pdf_bytes';
    const values = `'${row.account_id}', '2001-01', 0, 1, 0, 0, 0, 'k', '${row.csv_sha256}', 1, 'k', '${row.pdf_sha256}', 1`;
    expect(await refusal(`INSERT INTO monthly_statement (${columns}) VALUES (${values})`)).toBe('23514');
  });
});

describe('totals balance (property)', () => {
  type Move =
    | { kind: 'topup'; amount: number }
    | { kind: 'debit'; amount: number; fonte: string; refund: boolean }
    | { kind: 'adjust'; amount: number };
  const fontes = ['pesquisa-previa-bens', 'certidao-inteiro-teor', 'visualizacao-matricula'];
  const move: fc.Arbitrary<Move> = fc.oneof(
    fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({
      kind: fc.constant('debit' as const),
      amount: fc.integer({ min: 1, max: 20_000 }),
      fonte: fc.constantFrom(...fontes),
      refund: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('adjust' as const),
      amount: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
    }),
  );

  it('random movements in a month: opening + movements = closing = the balance, and products add up', async () => {
    const month = currentMonth();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(move, { maxLength: 12 }),
        async (start, moves) => {
          const account = await fundedAccount(database.db, start);
          for (const m of moves) {
            await database.db.transaction().execute(async (trx) => {
              if (m.kind === 'topup') await topUp(trx, { accountId: account.id, amountCentavos: m.amount });
              if (m.kind === 'adjust')
                await adjustBalance(trx, { accountId: account.id, amountCentavos: m.amount, reason: 'p' });
              if (m.kind === 'debit') {
                const order = newOrder();
                const debited = await debitOrder(trx, {
                  accountId: account.id,
                  ...order,
                  fonte: m.fonte,
                  amountCentavos: m.amount,
                });
                if (debited.ok && m.refund) await refundOrder(trx, { orderId: order.orderId, reason: 'p' });
              }
            });
          }
          const generated = await generateMonthlyStatement(database.db, account.id, month);
          const { summary } = generated;
          const balance = (await getAccount(database.db, account.id))?.balance_centavos;
          expect(summary.openingCentavos).toBe(0);
          expect(summary.closingCentavos).toBe(balance);
          expect(summary.openingCentavos + summary.creditsCentavos + summary.debitsCentavos).toBe(
            summary.closingCentavos,
          );
          const net = summary.products.reduce((sum, product) => sum + product.liquido_centavos, 0);
          expect(net).toBe(summary.creditsCentavos + summary.debitsCentavos);
          expect(summary.products.reduce((sum, product) => sum + product.lancamentos, 0)).toBe(summary.lines);
          for (const product of summary.products) {
            expect(product.entradas_centavos + product.saidas_centavos).toBe(product.liquido_centavos);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
