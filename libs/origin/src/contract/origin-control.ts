import type { Uf } from '@regapi/br';
import type { PropertyRef } from '../property';

/**
 * Faults a test can select at an origin that supports it (the simulator does; the real portal does not). One per
 * outcome class of contract 7 and per way the origin is known to fail (issue 3).
 */
export const ORIGIN_FAULTS = [
  'timeout',
  'down',
  'blocked',
  'captcha',
  'overloaded',
  'too-many-attempts',
  'session-kicked',
  'service-invalid',
  'service-unavailable',
  'receipt-error',
  'data-refused',
  'data-changed',
  'cannot-issue-online',
  'nothing-found',
  'accepted-without-protocol',
  'timeout-after-order',
  'retries-pending',
  'order-not-found',
] as const;

export type OriginFault = (typeof ORIGIN_FAULTS)[number];

/** The port's operations, as a fault target. */
export const ORIGIN_OPERATIONS = [
  'login',
  'search',
  'record-view',
  'certificate',
  'check-order',
  'list-orders',
  'download',
  'catalog',
  'tariffs',
] as const;

export type OriginOperation = (typeof ORIGIN_OPERATIONS)[number];

/** A person the origin knows, with properties they own now: enough to chain search → record view → certificate. */
export interface OriginSample {
  readonly cpfCnpj: string;
  readonly nome: string;
  readonly uf: Uf;
  readonly imoveis: readonly PropertyRef[];
}

/** An order the origin received, as only a simulator can tell (to prove none was placed twice). */
export interface ReceivedOrder {
  readonly seq: number;
  readonly operation: 'search' | 'record-view' | 'certificate';
  readonly receivedAt: string;
  readonly numeroPedido: string | null;
  readonly result: string;
}

/**
 * What a contract run may do to the origin besides calling the port. Against the real portal every optional part is
 * null and the tests needing it are skipped.
 */
export interface OriginControl {
  /** Forgets sessions, orders and armed faults, and rewinds the clock (a no-op where that cannot be done). */
  reset(): Promise<void>;
  /** People the origin knows, with their current properties (never empty). */
  samples(): Promise<readonly OriginSample[]>;
  /** Arms a fault for the next `times` calls of `operation`. */
  readonly armFault: ((fault: OriginFault, operation: OriginOperation, times?: number) => Promise<void>) | null;
  /** Moves the origin's clock forward (certificate terms run in registry business hours: tests do not sleep). */
  readonly advanceTime: ((ms: number) => Promise<void>) | null;
  readonly receivedOrders: (() => Promise<readonly ReceivedOrder[]>) | null;
  /**
   * Takes one office (by CNS) out of service or puts it back, as the registry would: its catalog `disponivel`, its
   * property orders (`office-unavailable` while out) and its search rows follow. Undone by `reset`.
   */
  readonly setOfficeAvailable: ((cns: string, available: boolean) => Promise<void>) | null;
}
