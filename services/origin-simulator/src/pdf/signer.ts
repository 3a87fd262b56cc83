import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PDFDocument } from 'pdf-lib';
import { signing } from './pdf-libraries';

/**
 * TEST-ONLY signing key: a self-signed certificate generated once with openssl and committed under `assets/` (see
 * assets/README.md). It makes the simulator's certificates carry a REAL PKCS#7 detached signature that any verifier
 * checks, while proving nothing about any registry. Never use it for anything else.
 */
export const TEST_SIGNER_P12 = path.join(__dirname, '..', '..', 'assets', 'test-signer.p12');
export const TEST_SIGNER_CERT_PEM = path.join(__dirname, '..', '..', 'assets', 'test-signer.cert.pem');
const TEST_SIGNER_PASSPHRASE = 'simulador';

export class CertificateSigner {
  private p12: Buffer | null = null;

  /** Reserves the signature dictionary; call before `pdf.save()`. */
  addPlaceholder(pdf: PDFDocument, officeName: string, municipio: string, signingTime: Date): void {
    signing().pdflibAddPlaceholder({
      pdfDoc: pdf,
      reason: 'Certidão de inteiro teor (SIMULADOR - chave de teste)',
      contactInfo: 'origin-simulator',
      name: `Oficial - ${officeName}`,
      location: municipio,
      signingTime,
    });
  }

  /** Signs a PDF saved with a placeholder: PKCS#7 detached (adbe.pkcs7.detached) over the byte range. */
  async sign(pdf: Uint8Array, signingTime: Date): Promise<Uint8Array> {
    this.p12 ??= readFileSync(TEST_SIGNER_P12);
    // A P12Signer per signature: it reads its key from a forge buffer that its first sign() consumes, so a kept
    // signer failed every later certificate ("Too few bytes to parse DER", the portal's 500 on the PDF; issue 29).
    const { P12Signer, signpdf } = signing();
    const signer = new P12Signer(this.p12, { passphrase: TEST_SIGNER_PASSPHRASE });
    return new Uint8Array(await signpdf.sign(Buffer.from(pdf), signer, signingTime));
  }
}
