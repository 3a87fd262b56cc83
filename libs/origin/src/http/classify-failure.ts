import type { NamedFailure } from './named-failure';
import type { HttpAnswer } from './send-request';
import { WIRE_ERRORS, type WireError } from './wire';
import { wireValidators } from './wire-schemas';

/**
 * Turns a non-2xx answer of the portal into what it said. The portal names its errors in `erro`; the HTTP status is
 * only a fallback, because a maintenance page or a proxy in front of the portal answers 5xx with no JSON at all.
 */
export function classifyFailure(answer: HttpAnswer): NamedFailure {
  const body = parseWireError(answer);
  if (!body) {
    if (answer.status >= 500) return { kind: 'down', detail: `HTTP ${answer.status} without a portal answer` };
    return { kind: 'protocol-error', detail: `HTTP ${answer.status} without a portal error body` };
  }
  const message = body.mensagem ?? body.erro;
  const retryAfterSeconds = body.tentar_apos_s ?? retryAfterHeader(answer.headers.get('retry-after'));
  switch (body.erro) {
    case WIRE_ERRORS.credentialsRefused:
      return { kind: 'credentials-refused', message };
    case WIRE_ERRORS.sessionExpired:
      return { kind: 'session-lost', reason: 'expired' };
    case WIRE_ERRORS.sessionMissing:
      return { kind: 'session-lost', reason: 'missing' };
    case WIRE_ERRORS.sessionBusy:
      return { kind: 'session-busy' };
    case WIRE_ERRORS.blocked:
      return { kind: 'blocked', message };
    case WIRE_ERRORS.captcha:
      return { kind: 'captcha', message };
    case WIRE_ERRORS.tooManyAttempts:
      return { kind: 'too-many-attempts', retryAfterSeconds };
    case WIRE_ERRORS.overloaded:
      return { kind: 'overloaded', retryAfterSeconds };
    case WIRE_ERRORS.serviceUnavailable:
      return { kind: 'service-unavailable', message };
    case WIRE_ERRORS.officeUnavailable:
      return { kind: 'office-unavailable', cns: body.cns ?? null, message };
    case WIRE_ERRORS.serviceInvalid:
      return { kind: 'service-invalid', message };
    case WIRE_ERRORS.timeout:
      return { kind: 'timeout', by: 'origin' };
    case WIRE_ERRORS.dataRefused:
      return { kind: 'data-refused', message };
    case WIRE_ERRORS.dataChanged:
      return { kind: 'data-changed', message };
    case WIRE_ERRORS.cannotIssueOnline:
      return { kind: 'cannot-issue-online', message };
    case WIRE_ERRORS.recordNotFound:
      return { kind: 'nothing-found', message };
    case WIRE_ERRORS.repeatedOrder:
      return body.aceita_a_partir_de
        ? { kind: 'repeated-order', aceitaAPartirDe: body.aceita_a_partir_de, numeroPedido: body.numero_pedido ?? null }
        : { kind: 'protocol-error', detail: 'a repeated order without the date it is accepted again' };
    case WIRE_ERRORS.receiptError:
      return { kind: 'receipt-error', numeroPedido: body.numero_pedido ?? null, message };
    case WIRE_ERRORS.orderNotFound:
      return { kind: 'order-not-found' };
    case WIRE_ERRORS.linkExpired:
      return { kind: 'link-expired' };
    case WIRE_ERRORS.fileNotFound:
      return { kind: 'document-not-found' };
    default:
      // An error code this driver does not know: a 5xx is still the origin failing, anything else a protocol change.
      if (answer.status >= 500) return { kind: 'down', detail: `HTTP ${answer.status} ${body.erro}: ${message}` };
      return { kind: 'protocol-error', detail: `unknown origin error "${body.erro}" (HTTP ${answer.status})` };
  }
}

function parseWireError(answer: HttpAnswer): WireError | undefined {
  const json = answer.json();
  return json.ok && wireValidators.error()(json.value) ? json.value : undefined;
}

/** `Retry-After` in seconds (an HTTP date is not used by the portal). */
function retryAfterHeader(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}
