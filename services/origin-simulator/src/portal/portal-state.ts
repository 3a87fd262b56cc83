import { DocumentStore } from './document-store';
import { FaultBoard } from './faults';
import { LatencyModel } from './latency';
import { OfficeBoard } from './office-board';
import { OrderBook, type OrderCreatedListener, ReceivedLog } from './order-book';
import { SessionDesk } from './session-desk';

/**
 * Everything requests change, replaced whole by `POST /control/reset`. A call still running when a reset happens keeps
 * the state it started with, so it cannot leak an order into the fresh one.
 */
export class PortalState {
  readonly sessions: SessionDesk;
  readonly faults = new FaultBoard();
  readonly offices = new OfficeBoard();
  readonly orders: OrderBook;
  readonly received = new ReceivedLog();
  readonly documents: DocumentStore;
  readonly latency: LatencyModel;
  private readonly occurrences = new Map<string, number>();

  constructor(seed: number, timeScale: number, onOrderCreated?: OrderCreatedListener, onOrdersChanged?: () => void) {
    this.orders = new OrderBook(onOrderCreated, onOrdersChanged);
    this.sessions = new SessionDesk(seed);
    this.documents = new DocumentStore(`origin-simulator|${seed}`);
    this.latency = new LatencyModel(seed, timeScale);
  }

  /** How many times this key happened in this state, counting this one (the search's run number for a document). */
  occurrence(key: string): number {
    const n = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, n);
    return n;
  }
}
