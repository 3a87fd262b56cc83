import type { PDFDocument } from 'pdf-lib';
import type { SimOffice } from '../world/offices';
import type { SimRecord } from '../world/records';
import type { SimWorld } from '../world/world';
import { pdfLib } from './pdf-libraries';
import { rasterColumns, rasterizeLines } from './raster';
import { recordParagraphs } from './record-text';
import { PAGE_SIZE, type Paragraph, wrapColumns, writeParagraphs } from './text-layout';

/** Contract 2.5: a record view is data, not a certificate; the document says so. */
export const NO_PUBLIC_FAITH = 'Visualização de matrícula: documento sem valor de certidão e sem fé pública.';

/**
 * The record view PDF. Offices with a text layer produce real text; image-only offices deliver a scanned page (the
 * same content as pixels), so an extractor finds no text at all (contract 2.5: `dados.conteudo` null).
 */
export async function renderRecordView(
  world: SimWorld,
  office: SimOffice,
  record: SimRecord,
  numeroPedido: string,
  deliveredAt: Date,
): Promise<Uint8Array> {
  const pdf = await pdfLib().PDFDocument.create();
  pdf.setTitle(`Matrícula ${record.matricula} - ${office.nome}`);
  pdf.setProducer('origin-simulator');
  pdf.setCreationDate(deliveredAt);
  pdf.setModificationDate(deliveredAt);
  const paragraphs = [
    ...recordParagraphs(world, office, record),
    { text: `Pedido ${numeroPedido} - ${NO_PUBLIC_FAITH}`, size: 8, gap: 14 },
  ];
  if (office.imageOnly) await drawScannedPages(pdf, paragraphs);
  else await writeParagraphs(pdf, paragraphs, `Pedido ${numeroPedido}`);
  return pdf.save({ useObjectStreams: false });
}

const SCAN_WIDTH = 1000;
const LINES_PER_PAGE = 70;

async function drawScannedPages(pdf: PDFDocument, paragraphs: readonly Paragraph[]): Promise<void> {
  const columns = rasterColumns(SCAN_WIDTH);
  const lines = paragraphs.flatMap((p) => [...(p.gap ? [''] : []), ...wrapColumns(p.text, columns)]);
  for (let start = 0; start < lines.length; start += LINES_PER_PAGE) {
    const png = await pdf.embedPng(rasterizeLines(lines.slice(start, start + LINES_PER_PAGE), SCAN_WIDTH));
    const page = pdf.addPage(PAGE_SIZE);
    const width = PAGE_SIZE[0] - 40;
    const height = (png.height / png.width) * width;
    page.drawImage(png, { x: 20, y: PAGE_SIZE[1] - 20 - height, width, height });
  }
}
