import { type ChildServer, startChildServer } from './child-server';

/** How the bench runs a gateway process (gateway-server.ts). */
export interface GatewayProcessOptions {
  readonly databaseUrl: string;
  /** PostgreSQL pool of the process. */
  readonly poolSize: number;
  readonly adminToken: string;
  readonly jwtSecret: string;
  /** BENCH_RATE_LIMIT_LEASE_MS; undefined keeps the gateway's default. */
  readonly rateLimitLeaseMs?: number | undefined;
  /** BENCH_METRICS=1: telemetry started first and metrics served, as in production. Default false: no telemetry. */
  readonly metrics?: boolean;
}

export function startGatewayServer(name: string, options: GatewayProcessOptions): Promise<ChildServer> {
  return startChildServer(name, 'gateway-server.ts', {
    BENCH_POOL: String(options.poolSize),
    BENCH_DATABASE_URL: options.databaseUrl,
    BENCH_ADMIN_TOKEN: options.adminToken,
    BENCH_JWT_SECRET: options.jwtSecret,
    ...(options.rateLimitLeaseMs === undefined ? {} : { BENCH_RATE_LIMIT_LEASE_MS: String(options.rateLimitLeaseMs) }),
    BENCH_METRICS: options.metrics === true ? '1' : '0',
    LOG_LEVEL: 'silent',
  });
}
