import { ManualClock } from '@regapi/calendar';
import { type CallOptions, createHttpOriginPortal, type OriginControl, type OriginPortal } from '@regapi/origin';
import {
  createOriginSimulator,
  createSimulatorControl,
  type OriginSimulator,
  type OriginSimulatorOptions,
} from '../src';

export interface StartedSimulator {
  readonly simulator: OriginSimulator;
  readonly url: string;
  readonly control: OriginControl;
  /** A new HTTP driver of the simulator's single account. */
  connect(): OriginPortal;
  /** A driver already logged in. */
  loggedIn(): Promise<OriginPortal>;
  close(): Promise<void>;
}

export const CALL: CallOptions = { timeoutMs: 20_000 };

/** A Wednesday 10:00 in Brasília, far from holidays: business-hours terms are predictable. */
export const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');

export async function startSimulator(options: OriginSimulatorOptions = {}): Promise<StartedSimulator> {
  const simulator = createOriginSimulator({
    seed: 11,
    timeScale: 0.001,
    clock: new ManualClock(WEDNESDAY_MORNING),
    ...options,
  });
  const { url } = await simulator.start(0);
  const connect = () =>
    createHttpOriginPortal({
      baseUrl: url,
      username: simulator.credentials.username,
      password: simulator.credentials.password,
    });
  return {
    simulator,
    url,
    control: createSimulatorControl(url),
    connect,
    async loggedIn() {
      const portal = connect();
      const login = await portal.login(CALL);
      if (login.kind !== 'logged-in') throw new Error(`login failed: ${JSON.stringify(login)}`);
      return portal;
    },
    close: () => simulator.stop(),
  };
}
