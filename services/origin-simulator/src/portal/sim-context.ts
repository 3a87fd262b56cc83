import type { OriginFault, OriginOperation } from '@regapi/origin';
import type { CertificateSigner } from '../pdf/signer';
import type { SimWorld } from '../world/world';
import type { Sleeper } from './latency';
import type { PortalState } from './portal-state';
import type { SimClock } from './sim-clock';

/** Told that a call now holds the account's session; the call works once the returned promise settles. */
export type SessionTakenListener = (operation: OriginOperation) => Promise<void> | void;

/** What lives as long as the simulator. */
export interface SimContext {
  readonly seed: number;
  readonly timeScale: number;
  /** Certificates are issued exactly at the forecast they report, itself compressed by `timeScale` (the sandbox). */
  readonly punctual: boolean;
  readonly world: SimWorld;
  readonly clock: SimClock;
  readonly sleeper: Sleeper;
  readonly onSessionTaken: SessionTakenListener | undefined;
  readonly signer: CertificateSigner;
  readonly credentials: { readonly username: string; readonly password: string };
  state(): PortalState;
}

/** What one call sees: the state it started with, its armed fault, and the address links are built from. */
export interface CallContext {
  readonly sim: SimContext;
  readonly state: PortalState;
  readonly armed: OriginFault | undefined;
  /** `http://host:port` as the client reached the simulator: document links are absolute. */
  readonly publicBase: string;
}

/** Waits `modelMs` of origin time, scaled to real time. */
export function wait(call: CallContext, modelMs: number): Promise<void> {
  return call.sim.sleeper.sleep(call.state.latency.scaled(modelMs));
}
