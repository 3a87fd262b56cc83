/** The webhook events an endpoint may subscribe to (docs/decisions/0093): the API, the document and the service share it. */
export const WEBHOOK_EVENT_TYPES = [
  'consulta.finalizada',
  'consulta.revisada',
  'consulta.reconciliada',
  'certidao.emitida',
  'certidao.indisponivel',
  'estorno.realizado',
  'saldo.abaixo_do_limite',
  'monitoramento.alteracao',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
