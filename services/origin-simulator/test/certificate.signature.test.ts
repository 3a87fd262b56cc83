import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkPdfSignature,
  expectKind,
  extractPdfSignature,
  extractPdfText,
  findValidatorCode,
  type OriginPortal,
  verifyDetachedPkcs7,
} from '@regapi/origin';
import forge from 'node-forge';
import { TEST_SIGNER_CERT_PEM } from '../src';
import { CALL, type StartedSimulator, startSimulator, WEDNESDAY_MORNING } from './start-simulator';

const HOUR = 60 * 60 * 1000;

describe('the certificate: business-hours term, real PKCS#7 signature, validator code in the text layer', () => {
  let started: StartedSimulator;
  let portal: OriginPortal;
  let pdf: Uint8Array;
  let code: string;

  beforeAll(async () => {
    started = await startSimulator({ seed: 17, timeScale: 0.01 });
    portal = await started.loggedIn();
    const [owner] = await started.control.samples();
    const property = owner?.imoveis[0];
    if (!property) throw new Error('no sample property');
    const { certificate } = expectKind(await portal.orderCertificate(property, CALL), 'accepted');
    // Accepted on a Wednesday at 10:00 in Brasília: 4 business hours later is 14:00 the same day.
    expect(certificate.aceitoEm).toBe(WEDNESDAY_MORNING.toISOString());
    const forecastHours = (Date.parse(certificate.previsaoEntregaEm) - WEDNESDAY_MORNING.getTime()) / HOUR;
    expect(forecastHours).toBeGreaterThanOrEqual(4);
    expect(forecastHours).toBeLessThanOrEqual(6); // the office may be an hour or two west of Brasília
    expectKind(await portal.checkOrder(certificate.numeroPedido, CALL), 'accepted');
    await started.control.advanceTime?.(forecastHours * HOUR);
    portal = await started.loggedIn(); // hours idle: the portal session expired meanwhile
    const issued = expectKind(await portal.checkOrder(certificate.numeroPedido, CALL), 'certificate-issued');
    code = issued.certificate.codigoValidacao;
    pdf = expectKind(await portal.downloadDocument(issued.certificate.document.url, CALL), 'document').document.bytes;
  });
  afterAll(() => started.close());

  it('is signed with PKCS#7 over its byte range, by the committed test certificate', () => {
    const verification = verifyDetachedPkcs7(extractPdfSignature(pdf));
    expect(verification.digestMatches).toBe(true);
    expect(verification.signatureValid).toBe(true);
    const committed = forge.pki.certificateFromPem(readFileSync(TEST_SIGNER_CERT_PEM, 'utf8'));
    expect(forge.pki.certificateFromPem(verification.signerCertificatePem).serialNumber).toBe(committed.serialNumber);
  });

  it('fails verification once a signed byte changes', () => {
    const signature = extractPdfSignature(pdf);
    const tampered = Buffer.from(signature.signedBytes);
    tampered[100] = (tampered[100] ?? 0) ^ 0xff;
    expect(verifyDetachedPkcs7({ ...signature, signedBytes: tampered }).digestMatches).toBe(false);
  });

  it("passes checkPdfSignature (the archive's check), which refuses bytes changed or appended after signing", () => {
    expect(checkPdfSignature(pdf)).toMatchObject({ kind: 'valid' });
    const flipped = Buffer.from(pdf);
    flipped[200] = (flipped[200] ?? 0) ^ 0xff;
    expect(checkPdfSignature(flipped)).toMatchObject({ kind: 'invalid' });
    const appended = Buffer.concat([Buffer.from(pdf), Buffer.from('\n% appended after signing\n')]);
    expect(checkPdfSignature(appended)).toEqual({ kind: 'invalid', reason: 'bytes were appended after the signature' });
  });

  const openssl = spawnSync('openssl', ['version']).status === 0;
  (openssl ? it : it.skip)('verifies with openssl cms against the test CA', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-signature-'));
    try {
      const signature = extractPdfSignature(pdf);
      writeFileSync(path.join(dir, 'signature.der'), signature.pkcs7Der);
      writeFileSync(path.join(dir, 'content.bin'), signature.signedBytes);
      const result = spawnSync('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(dir, 'signature.der'),
        '-content',
        path.join(dir, 'content.bin'),
        '-CAfile',
        TEST_SIGNER_CERT_PEM,
        '-purpose',
        'any',
        '-out',
        path.join(dir, 'out.bin'),
      ]);
      expect(result.stderr.toString()).toContain('Verification successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the validator code in the text layer; the validity date is only in the image layer', async () => {
    const text = await extractPdfText(pdf);
    expect(text).not.toBeNull();
    expect(findValidatorCode(text ?? '')).toBe(code);
    expect(text).toContain('CERTIDÃO DE INTEIRO TEOR');
    expect(text).not.toMatch(/VALIDA AT/i);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Subtype /Image');
  });

  it('serves the same signed bytes on every download', async () => {
    const orders = await started.control.receivedOrders?.();
    const numero = orders?.find((order) => order.operation === 'certificate')?.numeroPedido ?? '';
    const issued = expectKind(await portal.checkOrder(numero, CALL), 'certificate-issued');
    const again = expectKind(await portal.downloadDocument(issued.certificate.document.url, CALL), 'document');
    expect(Buffer.from(again.document.bytes).equals(Buffer.from(pdf))).toBe(true);
  });
});
