import { env } from '@regapi/config';
import { DEFAULT_SIMULATOR_PORT } from './simulator';

/** The simulator's variables, read by its own process and by the standalone launcher. */
export const simulatorConfig = {
  SIM_PORT: env.port(DEFAULT_SIMULATOR_PORT),
  SIM_HOST: env.string('127.0.0.1'),
  SIM_SEED: env.integer({ min: 0, max: 2 ** 32 - 1, default: 1 }),
  /** Multiplies every origin latency: 0.05 makes a 72 s search answer in 3.6 s. */
  SIM_TIME_SCALE: env.number({ min: 0, max: 100, default: 0.05 }),
  /** Certificates ready exactly at a compressed forecast (the sandbox's simulator, docs/decisions/0099). */
  SIM_PUNCTUAL: env.boolean(false),
  /**
   * Keeps the property orders taken, read back at start (the sandbox's simulator, issue 29 item 1): a restarted
   * simulator still knows the certificates it accepted. Unset: every start is a fresh origin.
   */
  SIM_ORDERS_FILE: env.optionalString(),
  SIM_USERNAME: env.string('regapi'),
  SIM_PASSWORD: env.string('simulador'),
};
