import { createHash } from 'node:crypto';
import type { DeliveredDocument } from '@regapi/bus';
import type { ResultCode } from '@regapi/contracts';
import type { DownloadOutcome, OriginDocumentDownloader } from '@regapi/origin';
import { pdfProblem } from './pdf-problem';

/** A document downloaded and checked: its bytes are a PDF, hashed once here. */
export interface FetchedDocument {
  readonly source: DeliveredDocument;
  readonly bytes: Uint8Array;
  /** Lowercase hex SHA-256 of `bytes`. */
  readonly sha256: string;
  /** When the download ended: the document is ours from here (the pipeline's "received"). */
  readonly receivedAt: Date;
}

export type FetchFailure =
  /** Worth trying again while the link is valid: the origin was down, slow, or served something that is not a PDF. */
  | { readonly kind: 'transient'; readonly reason: string }
  /** Nothing will change: the link expired or the origin no longer has the document (decision 0020: 617, 622). */
  | { readonly kind: 'permanent'; readonly code: ResultCode; readonly reason: string };

export type FetchOutcome = { readonly kind: 'fetched'; readonly document: FetchedDocument } | FetchFailure;

/** Downloads one delivered document within `timeoutMs` and checks that it is a PDF (everything from outside is). */
export async function fetchDocument(
  downloader: OriginDocumentDownloader,
  source: DeliveredDocument,
  options: { readonly timeoutMs: number; readonly maxBytes: number; readonly now: () => Date },
): Promise<FetchOutcome> {
  let outcome: DownloadOutcome;
  try {
    outcome = await downloader.downloadDocument(source.url, { timeoutMs: options.timeoutMs });
  } catch (error: unknown) {
    // Not an http(s) link: the message itself is wrong, and no retry mends it (decision 0020: protocol-error, 606).
    if (error instanceof RangeError) return { kind: 'permanent', code: 606, reason: error.message };
    throw error;
  }
  const receivedAt = options.now();
  switch (outcome.kind) {
    case 'document': {
      const problem = pdfProblem(outcome.document.bytes, options.maxBytes);
      if (problem !== undefined) return { kind: 'transient', reason: `not a PDF: ${problem}` };
      const sha256 = createHash('sha256').update(outcome.document.bytes).digest('hex');
      return { kind: 'fetched', document: { source, bytes: outcome.document.bytes, sha256, receivedAt } };
    }
    case 'link-expired':
      return { kind: 'permanent', code: 617, reason: 'the origin says the link expired' };
    case 'document-not-found':
      return { kind: 'permanent', code: 622, reason: 'the origin does not know the document' };
    case 'timeout':
      return { kind: 'transient', reason: `timeout (${outcome.by})` };
    case 'down':
    case 'protocol-error':
      return { kind: 'transient', reason: `${outcome.kind}: ${outcome.detail}` };
    default:
      return { kind: 'transient', reason: outcome.kind };
  }
}
