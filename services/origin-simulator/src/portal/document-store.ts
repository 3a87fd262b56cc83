import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORIGIN_PATHS } from '@regapi/origin';

export type DocumentKind = 'receipt' | 'record-view' | 'certificate';

interface StoredDocument {
  readonly kind: DocumentKind;
  readonly contentType: string;
  readonly render: () => Promise<Uint8Array>;
  bytes: Promise<Uint8Array> | null;
}

export type DocumentLookup =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly contentType: string }
  | { readonly ok: false; readonly reason: 'not-found' | 'expired' };

/**
 * Files the origin serves by signed link (no session, like a presigned URL): receipts, record views, certificates.
 * A link carries its expiry and an HMAC of id + expiry, so it cannot be stretched; past the expiry it answers
 * LINK_EXPIRADO (contract 8: 7 days). The PDF is rendered on first download and the same bytes are served afterwards.
 */
export class DocumentStore {
  private readonly documents = new Map<string, StoredDocument>();

  constructor(private readonly secret: string) {}

  put(id: string, kind: DocumentKind, contentType: string, render: () => Promise<Uint8Array>): void {
    if (!this.documents.has(id)) this.documents.set(id, { kind, contentType, render, bytes: null });
  }

  /** The path (and query) of a link to `id` valid until `expiresAt`. */
  linkPath(id: string, expiresAt: Date): string {
    const expira = String(Math.floor(expiresAt.getTime() / 1000));
    return `${ORIGIN_PATHS.files}/${encodeURIComponent(id)}?expira=${expira}&assinatura=${this.sign(id, expira)}`;
  }

  async fetch(id: string, expira: string, signature: string, now: Date): Promise<DocumentLookup> {
    const document = this.documents.get(id);
    if (!document || !/^\d+$/.test(expira) || !this.verify(id, expira, signature))
      return { ok: false, reason: 'not-found' };
    if (now.getTime() > Number(expira) * 1000) return { ok: false, reason: 'expired' };
    document.bytes ??= document.render();
    try {
      return { ok: true, bytes: await document.bytes, contentType: document.contentType };
    } catch (error) {
      document.bytes = null; // a failed render is tried again on the next download
      throw error;
    }
  }

  private sign(id: string, expira: string): string {
    return createHmac('sha256', this.secret).update(`${id}|${expira}`).digest('hex').slice(0, 32);
  }

  private verify(id: string, expira: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(id, expira));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
