export {
  addressKey,
  clientAddress,
  clientAddressKey,
  NO_TRUSTED_PROXIES,
  type TrustedProxies,
  trustedProxies,
} from './client-address';
export { createHttpApp, type HttpApp, type HttpAppOptions } from './create-app';
export type { DirectRoute, DirectRouteParams } from './direct-route';
export { DEPENDENCY_RETRY_AFTER_S, errorHandler, notFoundHandler, sendError } from './error-handler';
export { healthRouter, type ReadinessCheck } from './health';
export { HttpError } from './http-error';
export { readJsonBody, readJsonBodyUpTo } from './json-body';
export { MAX_JSON_DEPTH } from './json-depth';
export { listen, type RunningServer } from './listen';
export { contextOf, type RequestContext } from './request-context';
export { guardMiddleware, originalUrlOf, passGuards, type RequestGuard } from './request-guard';
export { expressRouteOf, methodLabel, observeRequest } from './request-metrics';
export { sendEnvelope } from './send-envelope';
export {
  DEFAULT_SERVER_LIMITS,
  httpServerConfig,
  loadServerLimits,
  type ServerLimits,
  serverLimitsOf,
} from './server-limits';
