export {
  type CallOptions,
  type ExecuteOptions,
  newIdempotencyKey,
  RegapiClient,
  type RegapiClientOptions,
} from './client';
export type { DownloadedDocument, DownloadOptions } from './document';
export {
  DocumentIntegrityError,
  FatalResultError,
  ForbiddenError,
  InsufficientBalanceError,
  NotFoundError,
  NotOfferedError,
  ParticipantDataError,
  RegapiError,
  RegapiHttpError,
  RegapiNetworkError,
  ResultError,
  type RetryAdvice,
  RetryableResultError,
  RetryLaterError,
  resultCodeInfo,
  UnauthorizedError,
  ValidationError,
  WaitTimeoutError,
} from './errors';
export { RESULT_CODES, type ResultClass, type ResultCodeInfo } from './generated/result-codes';
export type { CriarMonitoramentoOptions, MonitoramentoCallOptions, Monitoramentos } from './monitoramentos';
export { nextRevisionInS, type WaitOptions, type WaitProgress } from './polling';
export { DEFAULT_RETRY, type RetryEvent, type RetryPolicy } from './retry';
export type * from './types';
export type { WebhookCallOptions, WebhookEndpoints } from './webhook-endpoints';
export {
  signWebhook,
  UnknownWebhookEventError,
  type VerifiedWebhook,
  type VerifyWebhookInput,
  verifyWebhook,
  verifyWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks';
