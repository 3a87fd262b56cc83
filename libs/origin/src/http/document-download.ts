import type { CallOptions } from '../call-options';
import type { OriginPortal } from '../origin-portal';
import type { DownloadOutcome } from '../outcomes';
import { classifyFailure } from './classify-failure';
import { restrictFailure } from './named-failure';
import { type FetchLike, isHttpAnswer, sendRequest } from './send-request';

/** Just the download of the port: what the archive needs, and all it may do at the origin. */
export type OriginDocumentDownloader = Pick<OriginPortal, 'downloadDocument'>;

/**
 * GET of a document link the origin gave (signed, valid 7 days, contract 8), bounded by the caller's timeout. Links need no
 * session: no cookie is sent, so a download never touches the account's single session (architecture rule 1), and
 * the archive can fetch without logging in. `base` resolves a relative link.
 */
export async function downloadOriginDocument(
  fetchImpl: FetchLike,
  documentUrl: string,
  call: CallOptions,
  base?: URL,
): Promise<DownloadOutcome> {
  let target: URL;
  try {
    target = new URL(documentUrl, base);
  } catch {
    throw new RangeError(`not a document URL: ${documentUrl}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new RangeError(`not a document URL: ${documentUrl}`);
  }
  const answer = await sendRequest(
    fetchImpl,
    { method: 'GET', url: target.toString(), headers: { accept: '*/*' } },
    call,
  );
  if (!isHttpAnswer(answer)) return answer;
  if (answer.status < 200 || answer.status > 299) {
    return restrictFailure(classifyFailure(answer), ['link-expired', 'document-not-found']);
  }
  return {
    kind: 'document',
    document: { bytes: answer.bytes, contentType: answer.headers.get('content-type') ?? 'application/octet-stream' },
  };
}

/** A downloader of absolute document links (the archive's), on the global fetch unless one is given. */
export function createOriginDocumentDownloader(options: { readonly fetch?: FetchLike } = {}): OriginDocumentDownloader {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  return { downloadDocument: (documentUrl, call) => downloadOriginDocument(fetchImpl, documentUrl, call) };
}
