export {
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  registerEndpoint,
  replayDelivery,
  setEndpointEnabled,
  updateEndpoint,
  type WebhookAttemptView,
  type WebhookEndpointView,
} from './endpoint-store';
export {
  InvalidWebhookPayloadError,
  queueDeliveries,
  queueTestDelivery,
  subscribedEndpoints,
  type WebhookFact,
  webhookPayload,
} from './queue-deliveries';
export { generateSecret, SECRET_PREFIX, signWebhook, verifyWebhook } from './signature';
export { parseWebhookBody, type WebhookChange } from './webhook-body';
export { checkWebhookUrl } from './webhook-url';
