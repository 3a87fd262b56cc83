import type { SimOffice } from '../world/offices';
import type { SimRecord } from '../world/records';
import type { SimWorld } from '../world/world';
import { pdfLib } from './pdf-libraries';
import { rasterizeLines } from './raster';
import { brDate, formatMatricula, recordParagraphs } from './record-text';
import type { CertificateSigner } from './signer';
import { PAGE_MARGIN, writeParagraphs } from './text-layout';

/** How long a certificate is valid for (printed only in the image layer, contract 2.6). */
const VALIDITY_DAYS = 30;

export interface CertificateFacts {
  readonly numeroPedido: string;
  readonly issuedAt: Date;
  readonly validatorCode: string;
}

/**
 * The full-content certificate (contract 2.6): the record's content, the officer's certification, the validator code in
 * the TEXT layer, the validity date in the IMAGE layer, and a PKCS#7 signature over the whole file.
 */
export async function renderCertificate(
  world: SimWorld,
  office: SimOffice,
  record: SimRecord,
  facts: CertificateFacts,
  signer: CertificateSigner,
): Promise<Uint8Array> {
  const pdf = await pdfLib().PDFDocument.create();
  pdf.setTitle(`Certidão de inteiro teor - matrícula ${record.matricula} - ${office.nome}`);
  pdf.setProducer('origin-simulator');
  pdf.setCreationDate(facts.issuedAt);
  pdf.setModificationDate(facts.issuedAt);
  const issued = brDate(facts.issuedAt.toISOString());
  const pages = await writeParagraphs(
    pdf,
    [
      { text: 'CERTIDÃO DE INTEIRO TEOR', size: 15, bold: true, center: true },
      ...recordParagraphs(world, office, record),
      {
        text: `CERTIFICO, a pedido de parte interessada (pedido ${facts.numeroPedido}), que a presente é reprodução fiel e integral da matrícula nº ${formatMatricula(record.matricula)} do Livro 2 - Registro Geral deste Ofício, extraída nos termos do art. 19, § 1º, da Lei 6.015/1973. O referido é verdade e dou fé. ${office.municipio}, ${issued}.`,
        gap: 14,
      },
      { text: `Código de validação: ${facts.validatorCode}`, size: 11, bold: true, gap: 10 },
      {
        text: 'Documento assinado digitalmente pelo Oficial de Registro. SIMULADOR: assinatura com chave de teste, sem valor jurídico.',
        size: 8,
        gap: 4,
      },
    ],
    `Certidão ${facts.numeroPedido}`,
  );
  const validUntil = new Date(facts.issuedAt.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const stamp = await pdf.embedPng(
    rasterizeLines([`VALIDA ATE ${brDate(validUntil.toISOString())}`], 300, { margin: 8 }),
  );
  const last = pages[pages.length - 1];
  last?.drawImage(stamp, {
    x: last.getWidth() - PAGE_MARGIN - 150,
    y: PAGE_MARGIN,
    width: 150,
    height: (stamp.height / stamp.width) * 150,
  });
  signer.addPlaceholder(pdf, office.nome, office.municipio, facts.issuedAt);
  return signer.sign(await pdf.save({ useObjectStreams: false }), facts.issuedAt);
}
