import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { pdfLib } from './pdf-libraries';

/** One paragraph of a generated document. */
export interface Paragraph {
  readonly text: string;
  readonly size?: number;
  readonly bold?: boolean;
  /** Extra space above, in points. */
  readonly gap?: number;
  readonly center?: boolean;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/**
 * The standard PDF fonts speak WinAnsi: Portuguese letters are there, a few typographic characters are not. Anything
 * outside becomes `?` instead of failing the whole document.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[–—]/g, '-')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** Lays paragraphs out as a text layer on as many A4 pages as needed, wrapping at word boundaries. */
export async function writeParagraphs(
  pdf: PDFDocument,
  paragraphs: readonly Paragraph[],
  footer?: string,
): Promise<PDFPage[]> {
  const { rgb, StandardFonts } = pdfLib();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  let page = pdf.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;

  for (const paragraph of paragraphs) {
    const size = paragraph.size ?? 10;
    const font = paragraph.bold ? bold : regular;
    const lineHeight = size * 1.35;
    y -= paragraph.gap ?? 0;
    for (const line of wrap(winAnsi(paragraph.text), font, size, width)) {
      if (y - lineHeight < MARGIN + 20) {
        page = pdf.addPage(A4);
        pages.push(page);
        y = A4[1] - MARGIN;
      }
      y -= lineHeight;
      const x = paragraph.center ? MARGIN + (width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }
  if (footer) {
    pages.forEach((p, i) => {
      const text = winAnsi(`${footer} - página ${i + 1} de ${pages.length}`);
      p.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 7, font: regular, color: rgb(0.35, 0.35, 0.35) });
    });
  }
  return pages;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** Plain wrapping by character count, for raster pages. */
export function wrapColumns(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && candidate.length > columns) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

export const PAGE_SIZE = A4;
export const PAGE_MARGIN = MARGIN;
