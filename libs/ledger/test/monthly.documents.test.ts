import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import {
  extratoMonthRange,
  type LedgerEntryKind,
  monthlyStatementCsv,
  monthlyStatementPdf,
  monthlySummary,
  type StatementLine,
} from '../src';

// The monthly statement's documents from given lines (docs/decisions/0105), without a database: the CSV balances
// whatever the opening and the movements, and the PDF is deterministic over as many pages as the month needs.

const range = extratoMonthRange('2026-10');
if (range === undefined) throw new Error('2026-10');
const month = range;
const FONTES = ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'] as const;

interface Move {
  readonly amount: number;
  readonly fonte: (typeof FONTES)[number] | null;
  readonly reason: string;
}

/** Lines with a consistent chain of balances from `opening`, spread over the month. */
function linesOf(opening: number, moves: readonly Move[]): StatementLine[] {
  let balance = opening;
  const span = month.to.getTime() - month.from.getTime();
  return moves.map((move, index) => {
    balance += move.amount;
    const kind: LedgerEntryKind =
      move.fonte === null
        ? move.amount > 0
          ? 'topup'
          : 'adjustment'
        : move.amount < 0
          ? 'order_debit'
          : 'order_refund';
    return {
      transaction_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      seq: index + 1,
      account_id: '11111111-1111-4111-8111-111111111111',
      kind,
      order_id: null,
      protocolo: move.fonte === null ? null : String(1_000_000 + index),
      fonte: move.fonte,
      uf: move.fonte === null ? null : 'SP',
      code: null,
      result_class: null,
      amount_centavos: move.amount,
      balance_after_centavos: balance,
      external_reference: null,
      order_referencia: move.fonte === null ? null : `pedido;${index}`,
      reason: move.reason,
      created_at: new Date(month.from.getTime() + Math.floor((span * (index + 1)) / (moves.length + 1))),
    };
  });
}

const move: fc.Arbitrary<Move> = fc.record({
  amount: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
  fonte: fc.constantFrom(null, ...FONTES),
  reason: fc.string({ maxLength: 20 }),
});

/** `-12.50` → -1250, exactly (no float). */
function signed(text: string): number {
  const match = /^(-?)([0-9]+)\.([0-9]{2})$/.exec(text);
  if (match === null) throw new Error(`not an amount: ${text}`);
  const centavos = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -centavos : centavos;
}

/** The CSV's rows as cells (no quoted commas are produced by these inputs' numeric columns). */
function rows(csv: string): { tipo: string; valor: string; saldo: string; fonte: string }[] {
  return csv
    .split('\r\n')
    .slice(1, -1)
    .map((line) => {
      const cells = line.split(',');
      return { tipo: cells[2] ?? '', valor: cells[3] ?? '', saldo: cells[4] ?? '', fonte: cells[6] ?? '' };
    });
}

test('the CSV balances: saldo_inicial + every movement = saldo_final, and the product totals add up to the movements', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.array(move, { maxLength: 40 }),
      (opening, moves) => {
        const lines = linesOf(opening, moves);
        const summary = monthlySummary(opening, lines);
        expect(summary.closingCentavos).toBe(lines.at(-1)?.balance_after_centavos ?? opening);
        const csv = rows(monthlyStatementCsv(month, summary, lines));
        const first = csv[0];
        const last = csv.at(-1);
        expect(first?.tipo).toBe('saldo_inicial');
        expect(last?.tipo).toBe('saldo_final');
        const movements = csv.filter((row) => !['saldo_inicial', 'saldo_final', 'total_produto'].includes(row.tipo));
        const totals = csv.filter((row) => row.tipo === 'total_produto');
        expect(movements).toHaveLength(lines.length);
        const moved = movements.reduce((sum, row) => sum + signed(row.valor), 0);
        expect(signed(first?.saldo ?? '') + moved).toBe(signed(last?.saldo ?? ''));
        expect(totals.reduce((sum, row) => sum + signed(row.valor), 0)).toBe(moved);
        expect(new Set(totals.map((row) => row.fonte)).size).toBe(totals.length);
      },
    ),
    { numRuns: 200 },
  );
});

/** RFC 4180 parsing with a given separator: quoted cells may hold the separator, quotes (doubled) and line breaks. */
function parseCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

test('the pt-BR dialect is the same table as the default one: `;`, decimal comma, a byte order mark, cells intact', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.array(move, { maxLength: 30 }),
      (opening, moves) => {
        const lines = linesOf(opening, moves);
        const summary = monthlySummary(opening, lines);
        const standard = parseCsv(monthlyStatementCsv(month, summary, lines), ',');
        const text = monthlyStatementCsv(month, summary, lines, 'pt-BR');
        expect(text.startsWith('\uFEFF')).toBe(true);
        const brazilian = parseCsv(text.slice(1), ';');
        expect(brazilian).toHaveLength(standard.length);
        const header = standard[0] ?? [];
        expect(brazilian[0]).toEqual(header);
        const amountColumns = new Set(['valor', 'saldo_apos']);
        brazilian.slice(1).forEach((row, index) => {
          const other = standard[index + 1] ?? [];
          expect(row).toHaveLength(header.length);
          header.forEach((column, at) => {
            const cell = row[at] ?? '';
            if (amountColumns.has(column) && cell !== '') {
              expect(cell).toMatch(/^-?[0-9]+,[0-9]{2}$/);
              expect(signed(cell.replace(',', '.'))).toBe(signed(other[at] ?? ''));
            } else expect(cell).toBe(other[at]);
          });
        });
        const withReference = lines.findIndex((line) => line.order_referencia !== null);
        if (withReference >= 0) {
          // +2: the header row and the saldo_inicial row come first.
          const row = brazilian[withReference + 2] ?? [];
          expect(row[header.indexOf('referencia_cliente')]).toBe(lines[withReference]?.order_referencia);
        }
      },
    ),
    { numRuns: 200 },
  );
});

test('the PDF of a long month spans pages, prints any text, and is the same bytes every time', async () => {
  const moves = Array.from({ length: 150 }, (_, index) => ({
    amount: index % 3 === 0 ? 5_000 : -1_234,
    fonte: index % 3 === 0 ? null : (FONTES[index % 3] ?? null),
    reason: index === 7 ? 'ajuste ✓ 日本 — “aspas”' : 'motivo',
  }));
  const lines = linesOf(10_000, moves);
  const input = {
    accountId: '11111111-1111-4111-8111-111111111111',
    accountName: 'Imobiliária São João ✓',
    month: '2026-10',
    range: month,
    summary: monthlySummary(10_000, lines),
    lines,
  };
  const first = await monthlyStatementPdf(input);
  const second = await monthlyStatementPdf(input);
  expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  const loaded = await PDFDocument.load(first);
  expect(loaded.getPageCount()).toBeGreaterThan(2);
  expect(loaded.getTitle()).toBe('Demonstrativo mensal 2026-10');
  expect(loaded.getCreationDate()?.toISOString()).toBe(new Date(month.to.getTime() - 1000).toISOString());
});
