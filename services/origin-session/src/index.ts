export { type AlertCounts, type Alerts, createAlerts, type ProductOutage } from './alerts/alerts';
export { originSessionConfig, originSessionLocalConfig, originSessionProcessConfig } from './config';
export { type OrderInput, orderInputOf } from './orders/order-request';
export {
  OFFICE_OUT_OF_SERVICE_CODE,
  OUTCOME_CODES,
  type OutcomeCode,
  type OutcomeEffect,
  type OutcomeRule,
  outcomeCode,
  PRODUCT_OUT_OF_SERVICE_CODE,
  UNREADABLE_ORDER_CODE,
} from './outcome-to-code';
export type { CertificateResultData } from './results/certificate-result';
export type { RecordViewResultData } from './results/record-view-result';
export type { SearchCoverageData, SearchResultData, SearchResultRow } from './results/search-result';
export { createOriginSession, type OriginSessionDeps } from './service';
export { ORIGIN_ORDERS_LISTED } from './tasks/list-orders';
export type { TaskReport } from './tasks/run-task';
export { DEFAULT_SETTINGS, type OriginSessionSettings } from './tasks/task-context';
