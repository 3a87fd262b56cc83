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

/** The base variables of a service that uses no bus (the console): no AMQP_URL to set or to get wrong. */
export function brokerlessProcessConfig(ports: ServicePorts) {
  const { AMQP_URL: _unread, ...rest } = baseProcessConfig(ports);
  return rest;
}

export type BrokerlessProcessConfig = ReturnType<typeof brokerlessProcessConfig>;

/** The base variables of a service with (`true`) or without (`false`) the bus. */
export type BaseConfigOf<Broker extends boolean> = Broker extends true ? BaseProcessConfig : BrokerlessProcessConfig;

/**
 * Everything one service process reads from its environment, in one value its main.ts runs and the Kubernetes drift
 * test (deploy/test/k8s.drift.test.ts) compares with the service's Deployment.
 */
export interface ServiceProcessConfig<S extends ConfigShape, Broker extends boolean = true> {
  readonly ports: ServicePorts;
  /**
   * Whether the process uses the bus: true for every worker and the gateway; false for the console, which then reads no
   * AMQP_URL and runs without RabbitMQ (no bus, no outbox relay, no broker in /readyz).
   */
  readonly broker: Broker;
  /** Variables of this service beyond the base ones. */
  readonly own: S;
  /** Every variable the process reads: the base ones, then its own. */
  readonly shape: BaseConfigOf<Broker> & S;
}

export function serviceProcessConfig<S extends ConfigShape, Broker extends boolean = true>(
  ports: ServicePorts,
  own: S,
  options?: { readonly broker: Broker },
): ServiceProcessConfig<S, Broker> {
  const broker = (options?.broker ?? true) as Broker;
  const base = broker ? baseProcessConfig(ports) : brokerlessProcessConfig(ports);
  return { ports, broker, own, shape: { ...base, ...own } as BaseConfigOf<Broker> & S };
}
