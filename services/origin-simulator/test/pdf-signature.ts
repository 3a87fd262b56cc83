import forge from 'node-forge';

/** The two parts of a signed PDF: the bytes the signature covers (ByteRange) and the PKCS#7 blob (Contents). */
export interface PdfSignature {
  readonly signedBytes: Buffer;
  readonly pkcs7Der: Buffer;
}

export function extractPdfSignature(pdf: Uint8Array): PdfSignature {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('no /ByteRange: the PDF is not signed');
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  const signedBytes = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  // Between the two ranges: `<hex>`; the placeholder is zero-padded after the DER.
  const hex = text.slice(a + b + 1, c - 1).replace(/(00)+$/, '');
  return { signedBytes, pkcs7Der: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
}

export interface Pkcs7Verification {
  readonly digestMatches: boolean;
  readonly signatureValid: boolean;
  readonly signerCertificatePem: string;
}

/**
 * Verifies a detached PKCS#7 SignedData with signed attributes (what @signpdf writes): the messageDigest attribute must
 * be the SHA-256 of the signed bytes, and the RSA signature must verify over the DER of the attributes as a SET, with
 * the public key of the certificate carried in the message.
 */
export function verifyDetachedPkcs7(signature: PdfSignature): Pkcs7Verification {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.pkcs7Der.toString('binary')), false);
  const message = forge.pkcs7.messageFromAsn1(asn1);
  if (!('certificates' in message) || !('rawCapture' in message)) throw new Error('not a PKCS#7 SignedData');
  const certificate = message.certificates[0];
  if (!certificate) throw new Error('no certificate in the signature');
  const capture: unknown = message.rawCapture;
  const attributes = children(field(capture, 'authenticatedAttributes'));
  const signed = field(capture, 'signature');
  if (typeof signed !== 'string') throw new Error('no signature value');

  // Attribute ::= SEQUENCE { type OID, values SET OF ANY }
  const digestAttribute = attributes.find((attribute) => {
    const [type] = children(attribute.value);
    return type !== undefined && forge.asn1.derToOid(bytes(type.value)) === forge.pki.oids.messageDigest;
  });
  const [, values] = children(digestAttribute?.value);
  const [claimed] = children(values?.value);
  const claimedDigest = claimed ? bytes(claimed.value) : undefined;
  const actualDigest = forge.md.sha256.create().update(signature.signedBytes.toString('binary')).digest().bytes();

  // The signature covers the DER of the signed attributes re-tagged as a SET (RFC 5652, 5.4).
  const attributeSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(attributeSet).bytes()).digest().bytes();
  let signatureValid = false;
  try {
    const publicKey = forge.pki.publicKeyFromPem(forge.pki.publicKeyToPem(certificate.publicKey));
    signatureValid = 'verify' in publicKey && publicKey.verify(attributesDigest, signed);
  } catch {
    signatureValid = false;
  }
  return {
    digestMatches: claimedDigest === actualDigest,
    signatureValid,
    signerCertificatePem: forge.pki.certificateToPem(certificate),
  };
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
