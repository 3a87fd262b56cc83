// Verifying a webhook as the Standard Webhooks specification signs it (https://www.standardwebhooks.com): headers
// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (space-separated `v1,<base64>`), the
// signature an HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's bytes (`whsec_<base64>`). The body must
// be the raw bytes received, before any JSON parsing; timestamps more than 5 minutes away are refused (replays).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './generated/openapi';
import { WEBHOOK_EVENT_TYPES } from './generated/webhook-events';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/**
 * A delivery whose signature is right but whose `type` this version of the SDK does not know (an event added later):
 * answer it 2xx and ignore it, or update the SDK. `event` is the verified delivery.
 */
export class UnknownWebhookEventError extends Error {
  readonly event: VerifiedWebhook;
  constructor(event: VerifiedWebhook, type: unknown) {
    super(`tipo de evento desconhecido por esta versão do SDK: ${String(type)}`);
    this.name = 'UnknownWebhookEventError';
    this.event = event;
  }
}

/** Every event type an endpoint can receive (the OpenAPI document's `webhooks`). */
export type WebhookEventType = keyof webhooks;

type BodyOf<T extends WebhookEventType> = webhooks[T]['post'] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The body of event type `T`, as the OpenAPI document's `webhooks` describes it (generated types). */
export type WebhookEventOf<T extends WebhookEventType> = BodyOf<T>;

/** Any event body: switch on `type` to narrow it (`event.type === 'consulta.finalizada'` gives its `data`). */
export type WebhookEvent = { [T in WebhookEventType]: BodyOf<T> }[WebhookEventType];

export { WEBHOOK_EVENT_TYPES };

/** Headers as node's IncomingHttpHeaders, a fetch Headers, or a plain record. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookInput {
  /** The endpoint's secret, `whsec_<base64>` (the prefix is optional). */
  readonly secret: string;
  readonly headers: WebhookHeaders;
  /** The raw body, exactly as received. */
  readonly body: string | Uint8Array;
  /** Default 300 s. */
  readonly toleranceS?: number;
  /** Default now (ms since the epoch). */
  readonly now?: number;
}

export interface VerifiedWebhook {
  readonly id: string;
  readonly timestamp: number;
  /** The body, parsed as JSON. */
  readonly payload: unknown;
}

const PREFIX = 'whsec_';

function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0) throw new WebhookVerificationError('segredo vazio ou inválido');
  return bytes;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof found === 'string' ? found : found?.[0];
}

/** The `webhook-signature` value for a message: what the sender computes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), Buffer.from(body)]);
  return `v1,${createHmac('sha256', secretBytes(secret)).update(content).digest('base64')}`;
}

/** Checks a delivery; resolves with its id, timestamp and parsed body, or throws WebhookVerificationError. */
export function verifyWebhook(input: VerifyWebhookInput): VerifiedWebhook {
  const id = header(input.headers, 'webhook-id');
  const timestampText = header(input.headers, 'webhook-timestamp');
  const signatures = header(input.headers, 'webhook-signature');
  if (id === undefined || timestampText === undefined || signatures === undefined) {
    throw new WebhookVerificationError('faltam os cabeçalhos webhook-id, webhook-timestamp ou webhook-signature');
  }
  if (!/^\d+$/.test(timestampText)) throw new WebhookVerificationError('webhook-timestamp inválido');
  const timestamp = Number(timestampText);
  const nowS = Math.floor((input.now ?? Date.now()) / 1000);
  const tolerance = input.toleranceS ?? 300;
  if (timestamp < nowS - tolerance) throw new WebhookVerificationError('mensagem antiga demais');
  if (timestamp > nowS + tolerance) throw new WebhookVerificationError('webhook-timestamp no futuro');

  const expected = Buffer.from(signWebhook(input.secret, id, timestamp, input.body).slice(3), 'base64');
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('nenhuma assinatura confere');

  const text = typeof input.body === 'string' ? input.body : Buffer.from(input.body).toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('corpo assinado não é JSON');
  }
  return { id, timestamp, payload };
}

function isKnownType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a delivery as `verifyWebhook` does, then returns its body typed by its `type` (decision 0140). Throws
 * WebhookVerificationError when the signature, the timestamp or the body's shape is wrong (the body's `id` must be
 * the `webhook-id` header), UnknownWebhookEventError for a type this SDK does not know yet. Fields beyond the
 * documented ones may appear (contract 9.2): ignore them.
 */
export function verifyWebhookEvent(input: VerifyWebhookInput): WebhookEvent {
  const verified = verifyWebhook(input);
  const body = verified.payload;
  if (!isRecord(body)) throw new WebhookVerificationError('corpo sem type e data');
  // Destructured: an integrator's strictest options refuse dot access into a Record (noPropertyAccessFromIndexSignature).
  const { data, id, type } = body;
  if (!isRecord(data)) throw new WebhookVerificationError('corpo sem type e data');
  if (id !== verified.id) throw new WebhookVerificationError('o id do corpo difere do webhook-id');
  for (const field of ['timestamp', 'conta', 'ambiente'] as const) {
    if (typeof body[field] !== 'string') throw new WebhookVerificationError(`corpo sem ${field}`);
  }
  if (!isKnownType(type)) throw new UnknownWebhookEventError(verified, type);
  // Signed by the holder of the secret and shaped as the document says for its type.
  return body as unknown as WebhookEvent;
}
