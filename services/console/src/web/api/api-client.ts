import type { Envelope, Fonte } from '@regapi/contracts';
import { ApiAnswerError, checkedEnvelope } from './answer-contract';

/** The API could not be reached, or did not answer in time: the console shows a failure page (never a 500). */
export class ApiUnreachableError extends Error {
  override readonly name = 'ApiUnreachableError';
  constructor(
    readonly path: string,
    readonly reason: 'timeout' | 'network',
  ) {
    super(`the API did not answer ${path}: ${reason}`);
  }
}

/** One JSON answer of the API, checked against its contract. */
export interface ApiAnswer {
  readonly status: number;
  readonly envelope: Envelope;
  /** Seconds from `Retry-After` (429, 503), when the API sent one. */
  readonly retryAfterS?: number;
}

/** The archived document (200): its bytes as a stream, or the API's refusal as an envelope. */
export type DocumentAnswer =
  | { readonly kind: 'pdf'; readonly body: ReadableStream<Uint8Array>; readonly length: string | null }
  | { readonly kind: 'refused'; readonly answer: ApiAnswer };

/** A closed month's statement (200): its bytes as a stream, or the API's refusal as an envelope. */
export type StatementFileAnswer =
  | {
      readonly kind: 'file';
      readonly body: ReadableStream<Uint8Array>;
      readonly contentType: string;
      readonly length: string | null;
    }
  | { readonly kind: 'refused'; readonly answer: ApiAnswer };

/** How long each call may take (ms). Execution waits up to the gateway's idempotency wait (10 s) on a duplicate key. */
export interface ApiTimeouts {
  readonly quote: number;
  readonly execute: number;
  readonly poll: number;
  readonly document: number;
}

export const DEFAULT_API_TIMEOUTS: ApiTimeouts = Object.freeze({
  quote: 15_000,
  execute: 30_000,
  poll: 10_000,
  document: 30_000,
});

/**
 * The gateway's public API as the console calls it (docs/decisions/0073): quote, execute, poll, document, with the
 * session's bearer token. Every JSON answer is checked against the published contract before anything reads it.
 */
export interface ApiClient {
  quote(token: string, fonte: Fonte, body: Readonly<Record<string, unknown>>): Promise<ApiAnswer>;
  execute(
    token: string,
    fonte: Fonte,
    body: Readonly<Record<string, unknown>>,
    idempotencyKey: string,
  ): Promise<ApiAnswer>;
  poll(token: string, protocolo: string): Promise<ApiAnswer>;
  document(token: string, protocolo: string): Promise<DocumentAnswer>;
  /** Whether the order has an archived document (HEAD of the document endpoint answers 200). */
  hasDocument(token: string, protocolo: string): Promise<boolean>;
  /** `POST /v1/monitoramentos/orcamento` (docs/decisions/0160): a watch's price per run and its projected month. */
  watchQuote(token: string, body: Readonly<Record<string, unknown>>): Promise<ApiAnswer>;
  /** `POST /v1/monitoramentos` under an `Idempotency-Key`: the same key answers the same watch, never a second one. */
  createWatch(token: string, body: Readonly<Record<string, unknown>>, idempotencyKey: string): Promise<ApiAnswer>;
  /** `GET /v1/saldo`: with a `teste` token it also opens and refills the sandbox's account (docs/decisions/0099, 0146). */
  balance(token: string): Promise<ApiAnswer>;
  /** `GET /v1/extrato/mensal/{mes}?formato=` (docs/decisions/0106): the closed month as stored. */
  monthlyStatement(token: string, month: string, format: 'pdf' | 'csv'): Promise<StatementFileAnswer>;
}

function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value);
}

export function createApiClient(baseUrl: string, timeouts: ApiTimeouts = DEFAULT_API_TIMEOUTS): ApiClient {
  const send = async (
    path: string,
    init: { method: 'get' | 'head' | 'post'; token: string; body?: unknown; headers?: Record<string, string> },
    timeoutMs: number,
  ): Promise<Response> => {
    try {
      return await fetch(new URL(path, baseUrl), {
        method: init.method.toUpperCase(),
        headers: {
          authorization: `Bearer ${init.token}`,
          accept: 'application/json, application/pdf',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error: unknown) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ApiUnreachableError(path, timedOut ? 'timeout' : 'network');
    }
  };

  const read = async (response: Response, contractPath: string, method: 'get' | 'post'): Promise<ApiAnswer> => {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiAnswerError(contractPath, response.status, ['body is not JSON']);
    }
    const envelope = checkedEnvelope(contractPath, method, response.status, body);
    const retryAfterS = retryAfterOf(response);
    return { status: response.status, envelope, ...(retryAfterS === undefined ? {} : { retryAfterS }) };
  };

  return {
    async quote(token, fonte, body) {
      const path = `/v1/orcamento/${fonte}`;
      return read(await send(path, { method: 'post', token, body }, timeouts.quote), path, 'post');
    },
    async execute(token, fonte, body, idempotencyKey) {
      const path = `/v1/consultas/${fonte}`;
      const headers = { 'idempotency-key': idempotencyKey };
      return read(await send(path, { method: 'post', token, body, headers }, timeouts.execute), path, 'post');
    },
    async watchQuote(token, body) {
      const path = '/v1/monitoramentos/orcamento';
      return read(await send(path, { method: 'post', token, body }, timeouts.quote), path, 'post');
    },
    async createWatch(token, body, idempotencyKey) {
      const path = '/v1/monitoramentos';
      const headers = { 'idempotency-key': idempotencyKey };
      return read(await send(path, { method: 'post', token, body, headers }, timeouts.execute), path, 'post');
    },
    async poll(token, protocolo) {
      const response = await send(`/v1/consultas/${protocolo}`, { method: 'get', token }, timeouts.poll);
      return read(response, '/v1/consultas/{protocolo}', 'get');
    },
    async document(token, protocolo) {
      const path = `/v1/consultas/${protocolo}/documento`;
      const response = await send(path, { method: 'get', token }, timeouts.document);
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 200 && type.startsWith('application/pdf') && response.body !== null) {
        return { kind: 'pdf', body: response.body, length: response.headers.get('content-length') };
      }
      return { kind: 'refused', answer: await read(response, '/v1/consultas/{protocolo}/documento', 'get') };
    },
    async balance(token) {
      return read(await send('/v1/saldo', { method: 'get', token }, timeouts.poll), '/v1/saldo', 'get');
    },
    async monthlyStatement(token, month, format) {
      const path = `/v1/extrato/mensal/${encodeURIComponent(month)}?formato=${format}`;
      const response = await send(path, { method: 'get', token }, timeouts.document);
      const type = response.headers.get('content-type') ?? '';
      const expected = format === 'pdf' ? 'application/pdf' : 'text/csv';
      if (response.status === 200 && type.startsWith(expected) && response.body !== null) {
        return { kind: 'file', body: response.body, contentType: type, length: response.headers.get('content-length') };
      }
      return { kind: 'refused', answer: await read(response, '/v1/extrato/mensal/{mes}', 'get') };
    },
    async hasDocument(token, protocolo) {
      const path = `/v1/consultas/${protocolo}/documento`;
      const response = await send(path, { method: 'head', token }, timeouts.poll);
      await response.body?.cancel();
      return response.status === 200;
    },
  };
}
