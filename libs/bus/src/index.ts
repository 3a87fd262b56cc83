export { type BackoffOptions, backoffDelay, sleep } from './backoff';
export type { Bus, ConsumeOptions, IncomingMessage, MessageHandler, OutgoingMessage, Subscription } from './bus';
export { coerceError } from './coerce-error';
export type { DeadLetter, DeadLetterSink } from './dead-letter';
export { keepDeadLetter, listDeadLetters, redriveDeadLetter, type StoredDeadLetter } from './dead-letter-store';
export { createDeadLetterTable } from './dead-letter-table';
/** Decision 0131: the dead-letter queues' `x-delivery-limit` by broker version. */
export { deadLetterDeliveryLimit } from './declare-topology';
export { isDependencyDown } from './dependency-down';
export { DEFAULT_DEPENDENCY_WAIT } from './dependency-wait';
export {
  BusClosedError,
  BusUnavailableError,
  InvalidTopologyError,
  PublishFailedError,
  PublishTimeoutError,
  UndecodableMessageError,
  UnencodableMessageError,
  UnknownQueueError,
  UnreadableMessageError,
} from './errors';
export { type HandleOnceResult, handleOnce } from './handle-once';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus';
export { loggerForMessage, REQUEST_ID_HEADER } from './message-logger';
export { BALANCE_LOW, type BalanceLow, balanceLowMessage } from './messages/balance-low';
export {
  DELIVERED_DOCUMENT_KINDS,
  type DeliveredDocument,
  type DeliveredDocumentKind,
  DOCUMENT_DELIVERED,
  type DocumentDelivered,
  documentDeliveredMessage,
  documentDeliveredRoutingKey,
} from './messages/document-delivered';
export type { MessageKind, MessageOf } from './messages/message-kind';
export {
  ORDER_REFUNDED,
  type OrderRefunded,
  orderRefundedMessage,
  orderRefundedRoutingKey,
} from './messages/order-refunded';
export {
  ORDER_REVISED,
  type OrderRevised,
  orderRevisedMessage,
  orderRevisedRoutingKey,
} from './messages/order-revised';
export {
  type ListedOriginOrder,
  ORIGIN_ORDERS_LISTED,
  type OriginOrdersListed,
  originOrdersListedMessage,
} from './messages/origin-orders-listed';
export {
  type OriginTask,
  type OriginTaskKind,
  originTaskMessage,
  originTaskRoutingKey,
} from './messages/origin-task';
export {
  ORDER_FINISHED,
  ORDER_RECONCILED,
  type OrderFinished,
  type OrderReconciled,
  orderFinishedMessage,
  orderFinishedRoutingKey,
  orderReconciledMessage,
  orderReconciledRoutingKey,
  RECONCILIATION_OUTCOMES,
  type ReconciliationOutcome,
} from './messages/settlement';
export { WATCH_CHANGED, type WatchChanged, watchChangedMessage } from './messages/watch-changed';
export {
  type EnqueueMessageInput,
  enqueueMessage,
  enqueueMessages,
  type OutboxRow,
  outboxRow,
} from './outbox';
export { createOutboxRelay, OUTBOX_CHANNEL, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { createRabbitBus, type RabbitBusOptions } from './rabbit-bus';
export {
  createScheduler,
  type ScheduleMessageInput,
  type Scheduler,
  type SchedulerOptions,
  scheduleMessage,
} from './scheduled-messages';
export { topicMatches } from './topic-pattern';
export {
  DEFAULT_DELIVERY_LIMIT,
  deadLetterQueueName,
  defineTopology,
  ORIGIN_TASKS_PREFETCH,
  QUEUE,
  type QueueDefinition,
  type ResolvedQueue,
  resolveQueues,
  type Topology,
  topology,
} from './topology';
export { BUS_SPAN_ATTRIBUTES, BUS_TRACER_NAME, traceHeaders } from './tracing';
