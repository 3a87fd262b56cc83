import type { CallOptions } from '../call-options';
import type { OriginFailure } from '../outcomes';

/** A whole HTTP answer read within the caller's timeout. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
  /** The body as JSON, when it is JSON. */
  json(): { readonly ok: true; readonly value: unknown } | { readonly ok: false };
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * One HTTP exchange bounded by the caller's timeout, the body read included (a portal that sends headers and then
 * stalls is a timeout too). Never throws: a network failure is `down`, an expired or aborted wait is `timeout`.
 */
export async function sendRequest(
  fetchImpl: FetchLike,
  request: HttpRequest,
  options: CallOptions,
): Promise<HttpAnswer | OriginFailure> {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
    throw new RangeError(`an origin call needs a positive timeout, got ${options.timeoutMs}`);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers,
      signal,
      ...(body ? { body } : {}),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return answerOf(response.status, response.headers, bytes);
  } catch (error) {
    if (signal.aborted) return { kind: 'timeout', by: 'caller' };
    return { kind: 'down', detail: describeNetworkError(error) };
  }
}

export function isHttpAnswer(value: HttpAnswer | OriginFailure): value is HttpAnswer {
  return 'status' in value;
}

function answerOf(status: number, headers: Headers, bytes: Uint8Array): HttpAnswer {
  let parsed: { readonly ok: true; readonly value: unknown } | { readonly ok: false } | undefined;
  return {
    status,
    headers,
    bytes,
    json() {
      if (parsed) return parsed;
      const contentType = headers.get('content-type') ?? '';
      parsed = contentType.includes('json') ? parseJson(bytes) : { ok: false };
      return parsed;
    },
  };
}

function parseJson(bytes: Uint8Array): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(Buffer.from(bytes).toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/** fetch hides the socket error in `cause` (ECONNREFUSED, ECONNRESET, ENOTFOUND): that is the useful part. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code} ` : '';
    return `${error.message}: ${code}${cause.message}`;
  }
  return error.message;
}
