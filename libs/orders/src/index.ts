export { type AcceptOrderInput, acceptOrder } from './accept-order';
export {
  type AccountOrderFilter,
  type AccountOrderListFilter,
  type AccountOrderPage,
  listAccountOrders,
  listAccountOrdersBySeq,
} from './account-orders';
export { claimedNumeros, ownersOfNumeros } from './claimed-numeros';
export { InvalidTransitionError, OrderNotFoundError } from './errors';
export { failureResultData } from './failure-result';
export { type AccountBacklog, type FairBacklog, fairStartEstimate } from './fair-estimate';
export { createFairQueue, type FairDecision, type FairQueue, type FairQueueOptions, type FairTask } from './fair-queue';
export {
  createFairSchedulePublisher,
  type FairBacklogRead,
  type FairSchedule,
  type FairSchedulePublisher,
  fairReadyTimes,
  readFairBacklog,
} from './fair-schedule-store';
export { finishOrder, type OrderEnd } from './finish-order';
export {
  type CapacityForecast,
  type CapacitySettings,
  FORECAST_PERCENTILE,
  FORECAST_TIME_ZONE,
  FORECAST_WEEKS,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  hourOfWeek,
  type LoadHistory,
  type LoadSample,
  percentile,
  QUIET_HOUR_SHARE,
  quietBuckets,
} from './idle-capacity';
export { INTERACTIVE_ORDERS, readInteractiveLoad } from './interactive-load';
export { type OpenOrderRoom, openOrderRoom } from './open-order-limit';
export { type Order, POLLED_COLUMNS, type PolledOrder, toOrder, toPolledOrder } from './order';
export {
  firstOfficeDayFrom,
  imovelChave,
  ORDER_BLOCK_LOOKBACK_MS,
  ORDER_BLOCK_WINDOW_MS,
  type OrderBlockEnd,
  orderBlockEnd,
  orderBlockEndOnClock,
} from './order-block';
export {
  NEWCOMER,
  type NewOrderBasis,
  newOrderForecast,
  newOrderReadyAt,
  newOrderWaitSeconds,
  type OrderForecast,
  queuedOrderStartAt,
  readyTimesOfNewOrders,
  secondsUntil,
} from './order-eta';
export {
  allocateProtocolo,
  findBlockingOrder,
  findBlockingOrders,
  getOrder,
  getOrderByProtocolo,
  getOrderForAccount,
  setNextRevision,
} from './order-queries';
export {
  decodeOrderRequest,
  decodeTargetsBatchRequest,
  encodeOrderRequest,
  type OrderRequest,
  type OrderRequestBody,
} from './order-request';
export {
  type CertificateResult,
  decodeOrderResult,
  encodeOrderResult,
  type FoundProperty,
  type OrderResult,
  type OrderResultBody,
  type RecordViewResult,
  type ResultBodies,
  type SearchCoverage,
  type SearchResult,
  storedForecast,
} from './order-result';
export { canTransition, ORDER_STATES, type OrderState, TRANSITIONS, type TransitionName } from './order-state';
export {
  dammDigit,
  isWellFormedProtocolo,
  PROTOCOLO_DIGITS,
  protocoloOfSequence,
  sequenceOfProtocolo,
} from './protocolo';
export {
  FAIR_SCHEDULE_FRESH_MS,
  getOrderInQueue,
  type NewOrderInQueue,
  newOrderInQueue,
  type OrderInQueue,
  type QueueFacts,
  type QueuePosition,
  type QueueTail,
  queueTail,
} from './queue-facts';
export {
  createQuietHours,
  EVERY_HOUR_QUIET,
  type QuietHours,
} from './quiet-hours';
export {
  isTimeScale,
  RUN_TIME_MIN_SAMPLES,
  RUN_TIME_SAMPLES,
  type RunTimes,
  readMeasuredRunTimes,
  runTimesFromJson,
  SANDBOX_TIME_SCALE_SETTING,
  scaledMs,
  TYPICAL_RUN_MS,
  trimmedMean,
  typicalRunTimes,
} from './run-times';
export {
  checkIdleSearchReserve,
  DEFAULT_HOURLY_SEARCH_CEILING,
  defaultIdleSearchReserve,
  HOURLY_SEARCH_CEILING_SETTING,
  IDLE_SEARCH_RESERVE_SETTING,
  nextSearchStartAt,
  SEARCH_CEILING_WINDOW_MS,
  startsInCeilingWindow,
} from './search-ceiling';
export {
  ceilingSlot,
  ceilingSlots,
  type EstimatedOrder,
  type EstimateOptions,
  estimateStart,
  type SearchSlot,
  type StartEstimate,
  searchSlot,
  startFromFacts,
} from './start-estimate';
export {
  type AlongsideTable,
  type AlongsideWrite,
  type OrderChanges,
  type SilentTransitionName,
  type TransitionOptions,
  type TransitionResult,
  transition,
  transitionUpdateQuery,
} from './transitions';
export {
  ADMISSION_MARGIN,
  type Admission,
  admitWatch,
  type DemandWindow,
  FREQUENCIAS_MOST_FREQUENT_FIRST,
  firstShortfall,
  type Shortfall,
  WATCH_WINDOW_HOURS,
  type WatchDemand,
  type WatchLoad,
  watchDemand,
  watchWindows,
} from './watch-admission';
export {
  type ActChanges,
  actNature,
  canonicalJson,
  compareRecordTexts,
  compareRecordViews,
  compareSearchRuns,
  compareWatchRun,
  IMAGE_ONLY_NOTICE,
  isPageFurniture,
  propertiesOnlyIn,
  propertyKey,
  type RecordAct,
  type RecordActs,
  type RecordViewRun,
  recordBaseline,
  recordText,
  recordViewDelivered,
  type SearchBaseline,
  type SearchConclusion,
  searchBaseline,
  searchConclusion,
  splitActs,
  type UfSearchRun,
  type WatchRunComparison,
  watchImovel,
} from './watch-diff';
export * from './watches';
