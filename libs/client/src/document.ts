// A file of the API downloaded whole — the archived PDF (GET /v1/consultas/{protocolo}/documento), a statement's CSV or
// PDF (GET /v1/extrato, /v1/extrato/mensal/{mes}) — and checked against its ETag when that is the SHA-256 of the file.
// A download cut midway resumes where it stopped with `Range` + `If-Range` (when the file has an ETag), so only the
// missing bytes travel again; a changed file (200 instead of 206), or one without an ETag, restarts it.
import { createHash } from 'node:crypto';
import { DocumentIntegrityError, httpError, RETRY_STATUSES, RegapiNetworkError } from './errors';
import { attemptSignal, headersOf, type TransportSettings, urlOf } from './http';
import { parseRetryAfter, retryDelayMs, sleep } from './retry';
import type { Envelope } from './types';

export interface DownloadedDocument {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** The SHA-256 of the bytes, hex: equal to the ETag's when the file has one. */
  readonly sha256: string;
  /** From Content-Disposition: `<protocolo>-<kind>.pdf`, `extrato-AAAA-MM.csv`. */
  readonly filename: string | null;
  /** How many times an interrupted download was resumed. */
  readonly resumed: number;
}

export interface DownloadOptions {
  readonly signal?: AbortSignal;
}

interface Progress {
  chunks: Buffer[];
  received: number;
  etag: string | null;
  contentType: string;
  filename: string | null;
}

/** What to download: a GET of the API, the media type asked, and how errors name it. */
export interface FileRequest {
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly accept: string;
  readonly label: string;
  /** The statuses retried here; default RETRY_STATUSES. */
  readonly retryStatuses?: ReadonlySet<number>;
}

export function downloadDocument(
  settings: TransportSettings,
  protocolo: string,
  options: DownloadOptions = {},
): Promise<DownloadedDocument> {
  const path = `/v1/consultas/${encodeURIComponent(protocolo)}/documento`;
  return downloadFile(settings, { path, accept: 'application/pdf', label: protocolo }, options);
}

export async function downloadFile(
  settings: TransportSettings,
  request: FileRequest,
  options: DownloadOptions = {},
): Promise<DownloadedDocument> {
  const { path } = request;
  const progress: Progress = { chunks: [], received: 0, etag: null, contentType: '', filename: null };
  let resumed = 0;
  for (let number = 1; ; number += 1) {
    const resuming = progress.received > 0 && progress.etag !== null;
    if (resuming) resumed += 1;
    const outcome = await attempt(settings, request, progress, resuming, options.signal);
    if (outcome.kind === 'done') {
      const bytes = Buffer.concat(progress.chunks);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const expected = progress.etag?.replace(/^W\//, '').replace(/"/g, '');
      if (expected !== undefined && /^[0-9a-f]{64}$/.test(expected) && expected !== sha256) {
        throw new DocumentIntegrityError(`${request.label}: o SHA-256 do documento não é o do ETag`);
      }
      return { bytes, contentType: progress.contentType, sha256, filename: progress.filename, resumed };
    }
    const retryAfterS = outcome.kind === 'status' ? parseRetryAfter(outcome.headers.get('retry-after')) : null;
    const delayMs = retryDelayMs(settings.retry, number + 1, retryAfterS);
    const retryable = outcome.kind === 'cut' || (request.retryStatuses ?? RETRY_STATUSES).has(outcome.status);
    if (!retryable || number >= settings.retry.maxAttempts || delayMs > settings.retry.maxRetryAfterMs) {
      if (outcome.kind === 'cut') {
        throw new RegapiNetworkError(
          `${path}: download interrompido ${number} vezes`,
          number,
          undefined,
          outcome.cause,
        );
      }
      throw httpError({ status: outcome.status, envelope: outcome.envelope, retryAfterS });
    }
    settings.onRetry?.({
      method: 'GET',
      path,
      attempt: number + 1,
      reason: outcome.kind === 'cut' ? 'network' : outcome.status,
      delayMs,
      retryAfterS,
      idempotencyKey: undefined,
    });
    await sleep(delayMs, options.signal);
  }
}

type Outcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'cut'; readonly cause: unknown }
  | { readonly kind: 'status'; readonly status: number; readonly headers: Headers; readonly envelope: Envelope | null };

async function attempt(
  settings: TransportSettings,
  request: FileRequest,
  progress: Progress,
  resuming: boolean,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  const range: Record<string, string> =
    resuming && progress.etag !== null ? { range: `bytes=${progress.received}-`, 'if-range': progress.etag } : {};
  try {
    const response = await settings.fetch(urlOf(settings, request.path, request.query), {
      headers: { ...headersOf(settings, { method: 'GET', path: request.path }), accept: request.accept, ...range },
      signal: attemptSignal(settings, signal),
    });
    if (response.status !== 200 && response.status !== 206) {
      return {
        kind: 'status',
        status: response.status,
        headers: response.headers,
        envelope: await envelopeOf(response),
      };
    }
    if (response.status === 200) {
      // The whole file (first attempt, or the file changed since): start over.
      progress.chunks = [];
      progress.received = 0;
      progress.etag = response.headers.get('etag');
      progress.contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      progress.filename = filenameOf(response.headers.get('content-disposition'));
    }
    if (response.body === null) return { kind: 'done' };
    for await (const chunk of response.body) {
      const buffer = Buffer.from(chunk);
      progress.chunks.push(buffer);
      progress.received += buffer.length;
    }
    return { kind: 'done' };
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    return { kind: 'cut', cause };
  }
}

async function envelopeOf(response: Response): Promise<Envelope | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && 'code' in value ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}
