export { runServiceProcess, type ServiceProcessOptions } from './run-service-process';
export type { Service, ServiceDeps } from './service';
export { exitOnSignal, SHUTDOWN_DEADLINE_MS } from './shutdown';
