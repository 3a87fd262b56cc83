export { createHttpApp, type HttpAppOptions } from './create-app';
export { errorHandler, notFoundHandler } from './error-handler';
export { healthRouter, type ReadinessCheck } from './health';
export { HttpError } from './http-error';
export { listen, type RunningServer } from './listen';
export { contextOf, type RequestContext, requestContext } from './request-context';
export { sendEnvelope } from './send-envelope';
