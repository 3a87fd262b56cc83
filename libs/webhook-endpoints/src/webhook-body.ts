import { type FieldError, isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@regapi/contracts';
import { checkWebhookUrl } from './webhook-url';

export interface WebhookChange {
  readonly url?: string;
  readonly events?: readonly WebhookEventType[];
  readonly enabled?: boolean;
}

const MAX_URL_LENGTH = 2_048;
const FIELDS = new Set(['url', 'eventos', 'ativo']);

/**
 * The body of `POST /v1/webhooks` (`url` and `eventos` required) or `PATCH /v1/webhooks/{id}` (any of `url`,
 * `eventos`, `ativo`): the change, or the field errors of a 422.
 */
export function parseWebhookBody(
  body: unknown,
  options: { readonly partial: boolean; readonly allowHttp: boolean },
): { ok: true; value: WebhookChange } | { ok: false; errors: FieldError[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ campo: 'body', regra: 'type', mensagem: 'O corpo deve ser um objeto JSON.' }] };
  }
  const fields = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const key of Object.keys(fields)) {
    if (!FIELDS.has(key)) errors.push({ campo: key, regra: 'additionalProperties', mensagem: 'Campo desconhecido.' });
  }
  const change: { url?: string; events?: WebhookEventType[]; enabled?: boolean } = {};
  const { url, eventos, ativo } = fields;
  if (url === undefined) {
    if (!options.partial) errors.push({ campo: 'url', regra: 'required', mensagem: 'Informe a URL do webhook.' });
  } else if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) {
    errors.push({
      campo: 'url',
      regra: 'type',
      mensagem: `A URL deve ser um texto de até ${MAX_URL_LENGTH} caracteres.`,
    });
  } else {
    const problem = checkWebhookUrl(url, { allowHttp: options.allowHttp });
    if (problem === undefined) change.url = url;
    else
      errors.push({
        campo: 'url',
        regra: 'format',
        mensagem: problem,
        valor: url,
      });
  }
  if (eventos === undefined) {
    if (!options.partial) errors.push({ campo: 'eventos', regra: 'required', mensagem: 'Informe os eventos.' });
  } else if (
    !Array.isArray(eventos) ||
    eventos.length === 0 ||
    !eventos.every((evento): evento is string => typeof evento === 'string' && isWebhookEventType(evento))
  ) {
    errors.push({
      campo: 'eventos',
      regra: 'enum',
      mensagem: `Uma lista não vazia de eventos entre: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    });
  } else {
    change.events = [...new Set(eventos.filter(isWebhookEventType))];
  }
  if (ativo !== undefined) {
    if (typeof ativo === 'boolean') change.enabled = ativo;
    else errors.push({ campo: 'ativo', regra: 'type', mensagem: 'ativo deve ser true ou false.' });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: change };
}
