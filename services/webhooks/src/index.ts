export { isPublicAddress } from './address-policy';
export { webhooksConfig, webhooksProcessConfig } from './config';
export { type DeliverContext, deliverDue } from './deliver-due';
export { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, nextAttemptAt } from './delivery-policy';
export { fanOut } from './fan-out';
export {
  type OutboundPolicy,
  RefusedDestinationError,
  sendWebhook,
  type WebhookAnswer,
  type WebhookRequest,
} from './send-webhook';
export { createWebhooks, DEFAULT_OUTBOUND_POLICY, type WebhooksDeps, type WebhooksService } from './service';
export { type WebhookEvent, webhookEventsOf } from './webhook-events';
