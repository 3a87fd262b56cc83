import { type ConfigShape, commonConfig, env } from '@regapi/config';
import { httpServerConfig } from '@regapi/http';
import { metricsListenerConfig } from './metrics-listener';

/** A service's default ports: public (opened only with public routes), internal, metrics (decisions 0054, 0062). */
export interface ServicePorts {
  readonly port: number;
  readonly internalPort: number;
  readonly metricsPort: number;
}

/** The variables runServiceProcess reads for every service: common, its three listeners, the HTTP server limits. */
export function baseProcessConfig(ports: ServicePorts) {
  return {
    ...commonConfig,
    PORT: env.port(ports.port),
    HOST: env.string('127.0.0.1'),
    INTERNAL_PORT: env.port(ports.internalPort),
    INTERNAL_HOST: env.string('127.0.0.1'),
    ...metricsListenerConfig(ports.metricsPort),
    ...httpServerConfig,
  };
}

export type BaseProcessConfig = ReturnType<typeof baseProcessConfig>;

/**
 * Everything one service process reads from its environment, in one value its main.ts runs and the Kubernetes drift
 * test (deploy/test/k8s.drift.test.ts) compares with the service's Deployment.
 */
export interface ServiceProcessConfig<S extends ConfigShape> {
  readonly ports: ServicePorts;
  /** Variables of this service beyond the base ones. */
  readonly own: S;
  /** Every variable the process reads: the base ones, then its own. */
  readonly shape: BaseProcessConfig & S;
}

export function serviceProcessConfig<S extends ConfigShape>(ports: ServicePorts, own: S): ServiceProcessConfig<S> {
  return { ports, own, shape: { ...baseProcessConfig(ports), ...own } };
}
