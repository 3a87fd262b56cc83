import { createHmac, randomBytes } from 'node:crypto';
import type { Fonte } from '@regapi/contracts';

/** A fresh nonce for one query form: 16 random bytes, base64url (22 characters). */
export function newFormNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function isFormNonce(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/**
 * The `Idempotency-Key` of an execution from the console (docs/decisions/0078): HMAC-SHA-256 under the session's own
 * secret over the form's nonce, the product and the inputs, shaped as a UUID (version 8, "custom"). The same form sent
 * again (a double click, back and resubmit, a refresh of the POST) gives the same key, so the gateway answers the same
 * order without a second charge; a new form (a new nonce) or other inputs give another key, a new order. The key
 * cannot be chosen or guessed from the browser, and never contains the CPF/CNPJ (contract 4, execution rule 3).
 */
export function executionKey(
  sessionSecret: Buffer,
  nonce: string,
  fonte: Fonte,
  body: Readonly<Record<string, unknown>>,
): string {
  const digest = createHmac('sha256', sessionSecret)
    .update(JSON.stringify(['regapi-console-execution', nonce, fonte, sortedInputs(body)]))
    .digest();
  return uuidOf(digest);
}

function sortedInputs(body: Readonly<Record<string, unknown>>): unknown[] {
  return Object.keys(body)
    .sort()
    .map((name) => [name, body[name]]);
}

/**
 * The `Idempotency-Key` of a watch's creation from the console (docs/decisions/0160, 0167): the same derivation as an
 * execution's over the form's nonce and the watch's body (whose `pedido` is nested: its fields sorted too), so the
 * confirmation sent again (a double click, a refresh) answers the watch already created, never a second one.
 */
export function watchCreationKey(
  sessionSecret: Buffer,
  nonce: string,
  body: { readonly pedido: Readonly<Record<string, unknown>> } & Readonly<Record<string, unknown>>,
): string {
  const inputs = [sortedInputs({ ...body, pedido: null }), sortedInputs(body.pedido)];
  const digest = createHmac('sha256', sessionSecret)
    .update(JSON.stringify(['regapi-console-watch', nonce, inputs]))
    .digest();
  return uuidOf(digest);
}

/** The first 16 bytes of a digest shaped as a UUID (version 8, "custom"). */
function uuidOf(digest: Buffer): string {
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
