export { metricsApp, metricsListenerConfig } from './metrics-listener';
export { every, type Periodic, type PeriodicOptions } from './periodic-work';
export {
  type BaseConfigOf,
  type BaseProcessConfig,
  type BrokerlessProcessConfig,
  baseProcessConfig,
  brokerlessProcessConfig,
  type ServicePorts,
  type ServiceProcessConfig,
  serviceProcessConfig,
} from './process-config';
export { type ProcessDeps, runServiceProcess, type ServiceProcessOptions } from './run-service-process';
export { type Service, type ServiceDeps, servesPublicRoutes } from './service';
export { exitOnSignal, SHUTDOWN_DEADLINE_MS } from './shutdown';
