import forge from 'node-forge';

/**
 * Checking that a certificate PDF carries a valid digital signature (contract 2.6: "an official PDF digitally signed by
 * the registry officer"). A PDF signature is a CMS/PKCS#7 detached SignedData in the `/Contents` of a signature
 * dictionary, covering the file's bytes named by `/ByteRange` (ISO 32000-1 12.8): `[0 b c d]` is every byte except
 * the `<hex>` of `/Contents` itself.
 *
 * What is verified: the last signature covers the whole file (nothing appended after signing), the `messageDigest`
 * attribute equals the digest of the covered bytes, and the signer's key verifies the signature over the signed
 * attributes (RFC 5652 5.4). What is NOT: the chain of trust to ICP-Brasil, revocation, the signing time (the
 * simulator signs with a test certificate; docs/decisions/0032).
 */

/** The two parts of a signed PDF: the bytes the signature covers (`/ByteRange`) and the PKCS#7 blob (`/Contents`). */
export interface PdfSignature {
  readonly signedBytes: Buffer;
  readonly pkcs7Der: Buffer;
  /** The ranges end at the file's last byte: nothing was appended after signing. */
  readonly coversWholeFile: boolean;
}

export interface Pkcs7Verification {
  /** The signed `messageDigest` attribute is the digest of the covered bytes. */
  readonly digestMatches: boolean;
  /** The signer certificate's key verifies the signature over the signed attributes. */
  readonly signatureValid: boolean;
  readonly signerCertificatePem: string;
  /** The signer's subject common name (or the whole subject). */
  readonly signer: string;
}

export type PdfSignatureCheck =
  | { readonly kind: 'valid'; readonly signer: string; readonly signerCertificatePem: string }
  | { readonly kind: 'unsigned' }
  | { readonly kind: 'invalid'; readonly reason: string };

export class PdfSignatureFormatError extends Error {
  override readonly name = 'PdfSignatureFormatError';
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** The last signature of the PDF, or undefined when it has none. Throws PdfSignatureFormatError on a broken one. */
export function findPdfSignature(pdf: Uint8Array): PdfSignature | undefined {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  const last = [...text.matchAll(BYTE_RANGE)].at(-1);
  if (last === undefined) return undefined;
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || b <= 0 || c <= b || c + d > bytes.length) {
    throw new PdfSignatureFormatError(`the /ByteRange [${a} ${b} ${c} ${d}] does not fit the file`);
  }
  const contents = text.slice(b, c);
  if (!/^<[0-9A-Fa-f\s]*>$/.test(contents)) throw new PdfSignatureFormatError('the /Contents is not a hex string');
  const padded = Buffer.from(contents.slice(1, -1).replace(/\s+/g, ''), 'hex');
  return {
    signedBytes: Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]),
    pkcs7Der: padded.subarray(0, derLength(padded)),
    coversWholeFile: c + d === bytes.length,
  };
}

/** The signature of a PDF that must have one (tests). */
export function extractPdfSignature(pdf: Uint8Array): PdfSignature {
  const signature = findPdfSignature(pdf);
  if (signature === undefined) throw new PdfSignatureFormatError('no /ByteRange: the PDF is not signed');
  return signature;
}

/**
 * The placeholder is zero-padded after the DER, and a DER may itself end in zero bytes: its length comes from its own
 * header (a SEQUENCE: 0x30, then a short or long length).
 */
function derLength(der: Buffer): number {
  if (der.length < 2 || der[0] !== 0x30) throw new PdfSignatureFormatError('the /Contents is not a DER SEQUENCE');
  const first = der[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || der.length < 2 + count) throw new PdfSignatureFormatError('bad DER length');
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (der[2 + i] ?? 0);
  if (2 + count + length > der.length) throw new PdfSignatureFormatError('the DER is longer than /Contents');
  return 2 + count + length;
}

/**
 * Verifies a detached PKCS#7 SignedData (what @signpdf and PAdES signers write): with signed attributes, the
 * `messageDigest` attribute must be the digest of the signed bytes and the signature must verify over the DER of the
 * attributes as a SET; without them, over the digest of the bytes. RSA keys only (node-forge). Throws on a structure
 * it cannot read.
 */
export function verifyDetachedPkcs7(signature: Pick<PdfSignature, 'signedBytes' | 'pkcs7Der'>): Pkcs7Verification {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.pkcs7Der.toString('binary')), false);
  const message = forge.pkcs7.messageFromAsn1(asn1);
  if (!('certificates' in message) || !('rawCapture' in message)) {
    throw new PdfSignatureFormatError('not a PKCS#7 SignedData');
  }
  const capture: unknown = message.rawCapture;
  const serial = field(capture, 'serial');
  const certificate =
    message.certificates.find((candidate) => typeof serial === 'string' && sameSerial(candidate, serial)) ??
    (message.certificates.length === 1 ? message.certificates[0] : undefined);
  if (certificate === undefined) throw new PdfSignatureFormatError('no signer certificate in the signature');
  const md = messageDigestFor(field(capture, 'digestAlgorithm'));
  const signed = field(capture, 'signature');
  if (typeof signed !== 'string') throw new PdfSignatureFormatError('no signature value');

  const attributes = children(field(capture, 'authenticatedAttributes'));
  const contentDigest = md().update(signature.signedBytes.toString('binary')).digest().bytes();
  let digestMatches: boolean;
  let signedDigest: string;
  if (attributes.length === 0) {
    digestMatches = true;
    signedDigest = contentDigest;
  } else {
    digestMatches = claimedDigest(attributes) === contentDigest;
    // The signature covers the DER of the signed attributes re-tagged as a SET (RFC 5652, 5.4).
    const attributeSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    signedDigest = md().update(forge.asn1.toDer(attributeSet).bytes()).digest().bytes();
  }
  let signatureValid = false;
  try {
    const publicKey = certificate.publicKey;
    signatureValid = 'verify' in publicKey && publicKey.verify(signedDigest, signed);
  } catch {
    signatureValid = false;
  }
  return {
    digestMatches,
    signatureValid,
    signerCertificatePem: forge.pki.certificateToPem(certificate),
    signer: signerName(certificate),
  };
}

/** The verdict on a PDF: valid, unsigned, or invalid with the reason (never throws). */
export function checkPdfSignature(pdf: Uint8Array): PdfSignatureCheck {
  try {
    const signature = findPdfSignature(pdf);
    if (signature === undefined) return { kind: 'unsigned' };
    if (!signature.coversWholeFile) return { kind: 'invalid', reason: 'bytes were appended after the signature' };
    const verification = verifyDetachedPkcs7(signature);
    if (!verification.digestMatches) return { kind: 'invalid', reason: 'the signed digest does not match the file' };
    if (!verification.signatureValid) return { kind: 'invalid', reason: "the signer's key does not verify it" };
    return { kind: 'valid', signer: verification.signer, signerCertificatePem: verification.signerCertificatePem };
  } catch (error: unknown) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
}

function messageDigestFor(oidBytes: unknown): () => forge.md.MessageDigest {
  const oid = typeof oidBytes === 'string' ? forge.asn1.derToOid(oidBytes) : '';
  switch (oid) {
    case forge.pki.oids.sha256:
      return () => forge.md.sha256.create();
    case forge.pki.oids.sha384:
      return () => forge.md.sha384.create();
    case forge.pki.oids.sha512:
      return () => forge.md.sha512.create();
    case forge.pki.oids.sha1:
      return () => forge.md.sha1.create();
    default:
      throw new PdfSignatureFormatError(`unsupported digest algorithm ${oid || '(none)'}`);
  }
}

/** Attribute ::= SEQUENCE { type OID, values SET OF ANY }: the value of `messageDigest`. */
function claimedDigest(attributes: readonly forge.asn1.Asn1[]): string | undefined {
  const attribute = attributes.find((candidate) => {
    const [type] = children(candidate.value);
    return type !== undefined && forge.asn1.derToOid(bytes(type.value)) === forge.pki.oids.messageDigest;
  });
  const [, values] = children(attribute?.value);
  const [claimed] = children(values?.value);
  return claimed === undefined ? undefined : bytes(claimed.value);
}

function sameSerial(certificate: forge.pki.Certificate, serialBytes: string): boolean {
  const hex = forge.util.bytesToHex(serialBytes).replace(/^(00)+/, '');
  return certificate.serialNumber.toLowerCase().replace(/^(00)+/, '') === hex.toLowerCase();
}

function signerName(certificate: forge.pki.Certificate): string {
  const cn = certificate.subject.getField('CN') as { value?: unknown } | null;
  if (cn !== null && typeof cn.value === 'string') return cn.value;
  return certificate.subject.attributes
    .map((attribute) => `${attribute.shortName ?? attribute.name}=${attribute.value}`)
    .join(', ');
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}

function children(value: unknown): forge.asn1.Asn1[] {
  return Array.isArray(value) ? value.filter(isAsn1) : [];
}

function isAsn1(value: unknown): value is forge.asn1.Asn1 {
  return typeof value === 'object' && value !== null && 'tagClass' in value && 'value' in value;
}

function bytes(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
