export { metricsApp, metricsListenerConfig } from './metrics-listener';
export { runServiceProcess, type ServiceProcessOptions } from './run-service-process';
export { type Service, type ServiceDeps, servesPublicRoutes } from './service';
export { exitOnSignal, SHUTDOWN_DEADLINE_MS } from './shutdown';
