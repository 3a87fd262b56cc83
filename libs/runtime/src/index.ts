export { metricsApp, metricsListenerConfig } from './metrics-listener';
export {
  type BaseProcessConfig,
  baseProcessConfig,
  type ServicePorts,
  type ServiceProcessConfig,
  serviceProcessConfig,
} from './process-config';
export { runServiceProcess, type ServiceProcessOptions } from './run-service-process';
export { type Service, type ServiceDeps, servesPublicRoutes } from './service';
export { exitOnSignal, SHUTDOWN_DEADLINE_MS } from './shutdown';
