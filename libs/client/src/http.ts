// One HTTP exchange with the API, retried by the policy: a request that got no answer (connection refused or cut,
// timeout) or a retry status (408, 409, 429, 5xx) is sent again, byte for byte, with the same Idempotency-Key.
import { httpError, RETRY_STATUSES, RegapiNetworkError } from './errors';
import { parseRetryAfter, type RetryEvent, type RetryPolicy, retryDelayMs, sleep } from './retry';
import type { Envelope } from './types';

export interface TransportSettings {
  readonly baseUrl: URL;
  readonly token: string;
  readonly fetch: typeof fetch;
  readonly retry: RetryPolicy;
  /** Per attempt: a request with no complete answer within it is abandoned and resent. */
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
}

export interface Outgoing {
  readonly method: 'GET' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, parameters substituted (`/v1/consultas/123`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal | undefined;
}

export interface Incoming {
  readonly status: number;
  readonly headers: Headers;
  readonly envelope: Envelope;
}

export function urlOf(settings: TransportSettings, path: string, query?: Outgoing['query']): URL {
  const base = settings.baseUrl.href.endsWith('/') ? settings.baseUrl.href : `${settings.baseUrl.href}/`;
  const url = new URL(path.replace(/^\//, ''), base);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

export function headersOf(settings: TransportSettings, outgoing: Outgoing): Record<string, string> {
  return {
    authorization: `Bearer ${settings.token}`,
    accept: 'application/json',
    'user-agent': settings.userAgent,
    ...(outgoing.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(outgoing.idempotencyKey === undefined ? {} : { 'idempotency-key': outgoing.idempotencyKey }),
    ...outgoing.headers,
  };
}

/** The signal of one attempt: the caller's, plus the attempt's own timeout. */
export function attemptSignal(settings: TransportSettings, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  return signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
}

type Attempt = { readonly kind: 'answer'; readonly incoming: Parsed } | { readonly kind: 'failed'; cause: unknown };

async function attempt(settings: TransportSettings, outgoing: Outgoing): Promise<Attempt> {
  const text = outgoing.body === undefined ? undefined : JSON.stringify(outgoing.body);
  try {
    const response = await settings.fetch(urlOf(settings, outgoing.path, outgoing.query), {
      method: outgoing.method,
      headers: headersOf(settings, outgoing),
      ...(text === undefined ? {} : { body: text }),
      signal: attemptSignal(settings, outgoing.signal),
    });
    // The whole body is read inside the attempt: a connection cut after the status line is no answer either.
    const envelope = parse(await response.text());
    // A success whose body is not the envelope was damaged on the way: resent like no answer (the key replays it).
    if (response.status < 400 && envelope === null)
      return { kind: 'failed', cause: new Error('answer without envelope') };
    return { kind: 'answer', incoming: { status: response.status, headers: response.headers, envelope } };
  } catch (cause) {
    if (outgoing.signal?.aborted) throw outgoing.signal.reason;
    return { kind: 'failed', cause };
  }
}

type Parsed = { readonly status: number; readonly headers: Headers; readonly envelope: Envelope | null };

function parse(body: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(body);
    return isEnvelope(value) ? value : null;
  } catch {
    return null;
  }
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { code, data, header } = value as Record<string, unknown>;
  return typeof code === 'number' && Array.isArray(data) && typeof header === 'object';
}

/**
 * Whether sending `outgoing` again cannot do its work twice: a GET, HEAD, PATCH (it sets fields) or DELETE, or a POST
 * with an Idempotency-Key (the API replays the first answer). A POST without one (registering a webhook, sending a
 * test event) may have been done by an attempt that got no answer, so only a 429 — refused before any work — is resent.
 */
function repeatable(outgoing: Outgoing): boolean {
  return outgoing.method !== 'POST' || outgoing.idempotencyKey !== undefined;
}

function resent(outgoing: Outgoing, result: Attempt): boolean {
  if (result.kind === 'answer' && !RETRY_STATUSES.has(result.incoming.status)) return false;
  return repeatable(outgoing) || (result.kind === 'answer' && result.incoming.status === 429);
}

/**
 * Sends `outgoing` until it gets an answer that is not a retry status, or the attempts run out; a 2xx/3xx answer is
 * returned, anything else thrown as its RegapiHttpError (or RegapiNetworkError when nothing ever answered).
 */
export async function send(settings: TransportSettings, outgoing: Outgoing): Promise<Incoming> {
  for (let number = 1; ; number += 1) {
    const result = await attempt(settings, outgoing);
    const retryAfterS = result.kind === 'answer' ? parseRetryAfter(result.incoming.headers.get('retry-after')) : null;
    if (result.kind === 'answer' && !resent(outgoing, result)) {
      const { status, headers, envelope } = result.incoming;
      if (status < 400 && envelope !== null) return { status, headers, envelope };
      throw failure(result.incoming, retryAfterS, outgoing);
    }
    const delayMs = retryDelayMs(settings.retry, number + 1, retryAfterS);
    const last = number >= settings.retry.maxAttempts || delayMs > settings.retry.maxRetryAfterMs;
    if (last || !resent(outgoing, result)) {
      if (result.kind === 'answer') throw failure(result.incoming, retryAfterS, outgoing);
      throw new RegapiNetworkError(
        `${outgoing.method} ${outgoing.path}: sem resposta depois de ${number} tentativas` +
          (outgoing.idempotencyKey !== undefined
            ? ` — reenvie com a MESMA Idempotency-Key ${outgoing.idempotencyKey}`
            : repeatable(outgoing)
              ? ''
              : ' — pode ter sido feito: confira antes de repetir'),
        number,
        outgoing.idempotencyKey,
        result.cause,
      );
    }
    settings.onRetry?.({
      method: outgoing.method,
      path: outgoing.path,
      attempt: number + 1,
      reason: result.kind === 'answer' ? result.incoming.status : 'network',
      delayMs,
      retryAfterS,
      idempotencyKey: outgoing.idempotencyKey,
    });
    await sleep(delayMs, outgoing.signal);
  }
}

function failure(incoming: Parsed, retryAfterS: number | null, outgoing: Outgoing) {
  return httpError({
    status: incoming.status,
    envelope: incoming.envelope,
    retryAfterS,
    ...(outgoing.idempotencyKey === undefined ? {} : { idempotencyKey: outgoing.idempotencyKey }),
  });
}
