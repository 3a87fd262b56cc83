import type { OriginOperation } from '@regapi/origin';
import type { SimOffice } from '../world/offices';
import type { SimRecord } from '../world/records';
import type { SearchRun } from './search-engine';

/** Contract 3 / 8: the same record and office is refused for 7 days after an order (the origin's real term is unknown). */
export const REPEAT_BLOCK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an order placed at `createdAt` stops blocking its record. The sandbox's (punctual) simulator keeps the block on
 * its clock (decision 0175): 7 days × `timeScale`, to the start of the compressed day they end in — never later than
 * the sandbox platform's own estimate of it for a watch's run (7 such days to the start of the NEXT one), which counts
 * from its acceptance, a moment before this order. Any other simulator: 7 days (contract 3).
 */
export function repeatBlockEnd(createdAt: Date, sim: { readonly punctual: boolean; readonly timeScale: number }): Date {
  if (!sim.punctual || sim.timeScale >= 1) return new Date(createdAt.getTime() + REPEAT_BLOCK_MS);
  const day = DAY_MS * sim.timeScale;
  return new Date(Math.floor((createdAt.getTime() + REPEAT_BLOCK_MS * sim.timeScale) / day) * day);
}

/** Contract 8: the origin's document URLs expire after 7 days. */
export const LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SearchOrder {
  readonly kind: 'search';
  readonly numero: string;
  readonly createdAt: Date;
  run: SearchRun;
  /** The printed screen of the first answer; a later check shows the same receipt. */
  readonly receiptUrl: string;
  readonly valorCentavos: number;
}

export interface RecordViewOrder {
  readonly kind: 'record-view';
  readonly numero: string;
  readonly createdAt: Date;
  readonly office: SimOffice;
  readonly record: SimRecord;
  readonly requested: string;
  readonly valorCentavos: number;
  /** When the office finishes by itself (origin time); `deliveredAt` is set earlier if the call answered first. */
  readonly completesAt: Date;
  deliveredAt: Date | null;
}

export interface CertificateOrder {
  readonly kind: 'certificate';
  readonly numero: string;
  readonly createdAt: Date;
  readonly office: SimOffice;
  readonly record: SimRecord;
  readonly valorCentavos: number;
  /** The forecast the origin announced, in registry business hours. */
  readonly forecast: Date;
  /** When the office actually delivers: the business-hours term compressed by SIM_TIME_SCALE. */
  readonly readyAt: Date;
  readonly validatorCode: string;
}

export type Order = SearchOrder | RecordViewOrder | CertificateOrder;

const PRODUCT_DIGIT: Readonly<Record<Order['kind'], string>> = { search: '1', 'record-view': '2', certificate: '3' };

/** Told of each order the moment the origin creates it, before the call that placed it is answered. */
export type OrderCreatedListener = (order: { readonly kind: Order['kind']; readonly numero: string }) => void;

/** Orders placed at the simulated origin (per reset), with protocol numbering and the repeated-order block. */
export class OrderBook {
  private readonly orders = new Map<string, Order>();
  private counter = 0;

  /** `onChanged`: after an order is added or a record view delivered (the simulator's order file, issue 29). */
  constructor(
    private readonly onCreated?: OrderCreatedListener,
    private readonly onChanged?: () => void,
  ) {}

  /** `P` product digit + year + 7-digit sequence: digits only, unique, deterministic. */
  nextNumero(kind: Order['kind'], now: Date): string {
    this.counter++;
    return `${PRODUCT_DIGIT[kind]}${now.getUTCFullYear()}${String(this.counter).padStart(7, '0')}`;
  }

  add(order: Order): void {
    this.orders.set(order.numero, order);
    this.onCreated?.({ kind: order.kind, numero: order.numero });
    this.onChanged?.();
  }

  markDelivered(order: RecordViewOrder, at: Date): void {
    order.deliveredAt = at;
    this.onChanged?.();
  }

  /** How many protocol numbers were given: kept with the orders, so a restart never gives one twice. */
  issuedCount(): number {
    return this.counter;
  }

  /** Orders kept from an earlier run of the simulator, and its count of protocol numbers given. */
  restore(orders: readonly Order[], issuedCount: number): void {
    for (const order of orders) this.orders.set(order.numero, order);
    this.counter = Math.max(this.counter, issuedCount);
  }

  /** When each property order of the record `recordId` was placed (views and certificates), oldest first. */
  orderedAt(recordId: number): Date[] {
    return [...this.orders.values()]
      .filter((order) => order.kind !== 'search' && order.record.id === recordId)
      .map((order) => order.createdAt)
      .sort((a, b) => a.getTime() - b.getTime());
  }

  get(numero: string): Order | undefined {
    return this.orders.get(numero);
  }

  all(): readonly Order[] {
    return [...this.orders.values()];
  }

  /**
   * The order that blocks the same product on the same record and office now, and the date from which it is accepted
   * again (the newest such order's block end).
   */
  blockedBy(
    kind: 'record-view' | 'certificate',
    record: SimRecord,
    now: Date,
    blockEnd: (createdAt: Date) => Date,
  ): { readonly until: Date; readonly numero: string } | null {
    let block: { until: Date; numero: string } | null = null;
    for (const order of this.orders.values()) {
      if (order.kind !== kind || order.record.id !== record.id) continue;
      const end = blockEnd(order.createdAt);
      if (end > now && (!block || end > block.until)) block = { until: end, numero: order.numero };
    }
    return block;
  }
}

export function isDelivered(order: RecordViewOrder, now: Date): boolean {
  return order.deliveredAt !== null || order.completesAt <= now;
}

export function deliveryTime(order: RecordViewOrder): Date {
  return order.deliveredAt ?? order.completesAt;
}

/** Every order-placing request the simulator received, whatever became of it (`GET /control/orders`). */
export interface ReceivedEntry {
  readonly seq: number;
  readonly operation: Extract<OriginOperation, 'search' | 'record-view' | 'certificate'>;
  readonly receivedAt: string;
  readonly input: Readonly<Record<string, unknown>>;
  numeroPedido: string | null;
  result: string;
}

export class ReceivedLog {
  private readonly entries: ReceivedEntry[] = [];

  open(operation: ReceivedEntry['operation'], receivedAt: Date, input: Record<string, unknown>): ReceivedEntry {
    const entry: ReceivedEntry = {
      seq: this.entries.length + 1,
      operation,
      receivedAt: receivedAt.toISOString(),
      input,
      numeroPedido: null,
      result: 'EM_ANDAMENTO',
    };
    this.entries.push(entry);
    return entry;
  }

  list(): readonly ReceivedEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}
