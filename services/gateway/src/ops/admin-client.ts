import { OPERATOR_HEADER } from '../admin/operator-name';
import type { AdminCall } from './commands';
import { AdminApiError } from './ops-errors';

export interface AdminClientOptions {
  /** Base URL of the gateway's internal listener, e.g. http://127.0.0.1:9080. */
  readonly baseUrl: string;
  readonly adminToken: string;
  /** Sent as X-Operator: who is at the keyboard, for the audit (decision 0054). */
  readonly operator?: string;
  /** Default 30 s. */
  readonly timeoutMs?: number;
}

interface EnvelopeLike {
  readonly code?: unknown;
  readonly code_message?: unknown;
  readonly data?: unknown;
  readonly errors?: unknown;
  readonly header?: { readonly request_id?: unknown };
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sends one admin call and answers `data[0]` of the envelope; an error envelope or no answer is an AdminApiError. */
export async function callAdmin(
  options: AdminClientOptions,
  call: AdminCall,
): Promise<Readonly<Record<string, unknown>>> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${call.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${options.adminToken}`,
        accept: 'application/json',
        ...(options.operator === undefined ? {} : { [OPERATOR_HEADER.toLowerCase()]: options.operator }),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error: unknown) {
    const cause =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new AdminApiError(`cannot reach the admin API at ${url}: ${cause}`);
  }
  const text = await response.text();
  let envelope: EnvelopeLike;
  try {
    const parsed: unknown = JSON.parse(text);
    envelope = isObject(parsed) ? parsed : {};
  } catch {
    throw new AdminApiError(`${call.method} ${call.path}: HTTP ${response.status}, not a JSON answer`, response.status);
  }
  const first = Array.isArray(envelope.data) ? envelope.data[0] : undefined;
  if (response.ok && isObject(first)) return first;
  const details = Array.isArray(envelope.errors)
    ? envelope.errors.filter(isObject).map((item) => `${String(item.campo)}: ${String(item.mensagem)}`)
    : [];
  const requestId = isObject(envelope.header) ? String(envelope.header.request_id) : 'unknown';
  throw new AdminApiError(
    [
      `HTTP ${response.status}: ${String(envelope.code_message ?? 'no message')} (request_id ${requestId})`,
      ...details,
    ].join('\n  '),
    response.status,
  );
}
