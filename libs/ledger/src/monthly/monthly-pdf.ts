import { formatReaisBrasil } from '@regapi/br';
import { toLocalDateTime } from '@regapi/calendar';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { EXTRATO_TIME_ZONE } from '../extrato/date-range';
import { TIPO_LANCAMENTO } from '../extrato/extrato-line';
import type { StatementLine } from '../statement';
import type { MonthlySummary } from './monthly-summary';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const SIZE = 8;
const LEADING = 11;
/** Column x positions of the movements table. */
const COLUMNS = { data: MARGIN, tipo: 120, produto: 170, protocolo: 330, valor: 470, saldo: 555 } as const;

/** Helvetica speaks WinAnsi: anything else in free text (a reason, a reference) is printed as `?`, never a crash. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `24/11/2026 13:05:09`, Brasília time, written by hand so no ICU version can change a byte. */
function brasilia(at: Date): string {
  const local = toLocalDateTime(at, EXTRATO_TIME_ZONE);
  const seconds = Math.floor(local.msOfDay / 1000);
  const { day, month, year } = local.date;
  return `${pad(day)}/${pad(month)}/${year} ${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

export interface MonthlyPdfInput {
  readonly accountId: string;
  readonly accountName: string;
  /** `AAAA-MM`. */
  readonly month: string;
  /** The month's first and the next month's first instant in Brasília. */
  readonly range: { readonly from: Date; readonly to: Date };
  readonly summary: MonthlySummary;
  readonly lines: readonly StatementLine[];
}

/** Writes lines top to bottom over as many pages as they need. */
class Writer {
  private page: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
  }
  private newPage(): PDFPage {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return this.page;
  }
  space(lines: number): void {
    if (this.y - lines * LEADING < MARGIN) this.newPage();
  }
  text(x: number, text: string, options: { bold?: boolean; size?: number; right?: boolean } = {}): void {
    const font = options.bold === true ? this.bold : this.font;
    const size = options.size ?? SIZE;
    const safe = printable(text);
    const at = options.right === true ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: at, y: this.y, size, font });
  }
  next(lines = 1): void {
    this.y -= lines * LEADING;
    if (this.y < MARGIN) this.newPage();
  }
}

/**
 * The "demonstrativo" of a closed month (docs/decisions/0105): opening balance, every movement, closing balance and
 * totals per product, in A4 with the standard Helvetica (no embedded font file). Deterministic: the metadata dates are
 * the month's last instant, the producer is fixed, and pdf-lib writes no random document ID, so the same month always
 * gives the same bytes (a test holds this).
 */
export async function monthlyStatementPdf(input: MonthlyPdfInput): Promise<Uint8Array> {
  // Loaded on the first statement, not with the library: pdf-lib costs some 0.3-0.5 s of every start of the gateway,
  // billing and reconciler (and of every test file that imports the ledger), which draw a statement once a month.
  const { PDFDocument, StandardFonts } = require('pdf-lib') as typeof import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const closedAt = new Date(input.range.to.getTime() - 1000);
  doc.setTitle(`Demonstrativo mensal ${input.month}`);
  doc.setAuthor('regapi');
  doc.setSubject(`Conta ${input.accountId}`);
  doc.setProducer('regapi');
  doc.setCreator('regapi');
  doc.setCreationDate(closedAt);
  doc.setModificationDate(closedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold);
  const { summary } = input;

  w.text(MARGIN, `Demonstrativo mensal - ${input.month}`, { bold: true, size: 14 });
  w.next(2);
  w.text(MARGIN, `Conta: ${input.accountName} (${input.accountId})`);
  w.next();
  w.text(MARGIN, `Período: ${brasilia(input.range.from)} a ${brasilia(closedAt)} (horário de Brasília)`);
  w.next(2);
  w.text(MARGIN, 'Saldo inicial', { bold: true });
  w.text(COLUMNS.saldo, formatReaisBrasil(summary.openingCentavos), { bold: true, right: true });
  w.next(2);

  w.text(COLUMNS.data, 'Data/hora', { bold: true });
  w.text(COLUMNS.tipo, 'Tipo', { bold: true });
  w.text(COLUMNS.produto, 'Produto', { bold: true });
  w.text(COLUMNS.protocolo, 'Protocolo / referência', { bold: true });
  w.text(COLUMNS.valor, 'Valor (R$)', { bold: true, right: true });
  w.text(COLUMNS.saldo, 'Saldo (R$)', { bold: true, right: true });
  w.next();
  if (input.lines.length === 0) {
    w.text(MARGIN, 'Nenhum lançamento no mês.');
    w.next();
  }
  for (const line of input.lines) {
    w.text(COLUMNS.data, brasilia(line.created_at));
    w.text(COLUMNS.tipo, TIPO_LANCAMENTO[line.kind]);
    w.text(
      COLUMNS.produto,
      [line.fonte, line.uf]
        .filter((part) => part !== null)
        .join(' ')
        .slice(0, 34),
    );
    w.text(COLUMNS.protocolo, (line.protocolo ?? line.external_reference ?? line.reason ?? '').slice(0, 22));
    w.text(COLUMNS.valor, formatReaisBrasil(line.amount_centavos), { right: true });
    w.text(COLUMNS.saldo, formatReaisBrasil(line.balance_after_centavos), { right: true });
    w.next();
  }
  w.next();
  w.space(4 + summary.products.length);
  w.text(MARGIN, 'Saldo final', { bold: true });
  w.text(COLUMNS.saldo, formatReaisBrasil(summary.closingCentavos), { bold: true, right: true });
  w.next(2);
  w.text(MARGIN, 'Totais por produto', { bold: true });
  w.next();
  w.text(COLUMNS.data, 'Produto', { bold: true });
  w.text(COLUMNS.protocolo, 'Lançamentos', { bold: true, right: true });
  w.text(400, 'Entradas (R$)', { bold: true, right: true });
  w.text(COLUMNS.valor, 'Saídas (R$)', { bold: true, right: true });
  w.text(COLUMNS.saldo, 'Líquido (R$)', { bold: true, right: true });
  w.next();
  for (const product of summary.products) {
    w.text(COLUMNS.data, product.produto);
    w.text(COLUMNS.protocolo, String(product.lancamentos), { right: true });
    w.text(400, formatReaisBrasil(product.entradas_centavos), { right: true });
    w.text(COLUMNS.valor, formatReaisBrasil(product.saidas_centavos), { right: true });
    w.text(COLUMNS.saldo, formatReaisBrasil(product.liquido_centavos), { right: true });
    w.next();
  }
  w.text(COLUMNS.data, 'Total', { bold: true });
  w.text(COLUMNS.protocolo, String(summary.lines), { bold: true, right: true });
  w.text(400, formatReaisBrasil(summary.creditsCentavos), { bold: true, right: true });
  w.text(COLUMNS.valor, formatReaisBrasil(summary.debitsCentavos), { bold: true, right: true });
  w.text(COLUMNS.saldo, formatReaisBrasil(summary.creditsCentavos + summary.debitsCentavos), {
    bold: true,
    right: true,
  });
  return doc.save({ useObjectStreams: false });
}
