import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { growingMatriculaOf, growingRecord } from '../world/changing-identities';
import type { SimOffice } from '../world/offices';
import type { SimRecord } from '../world/records';
import type { SimWorld } from '../world/world';
import type { CertificateOrder, OrderBook, RecordViewOrder } from './order-book';

/**
 * The simulator's order file (issue 29 item 1): the property orders it took (record views and certificates) and its
 * count of protocol numbers, rewritten on every change and read back at start. The sandbox's simulator stands in for
 * an origin that, like the registry, remembers the orders it took across a restart of ours: an order in flight is
 * still known (its certificate issued at its forecast, its document at its link), and no protocol is given twice.
 * Searches are not kept: a search is answered, its receipt downloaded, within its own call.
 */
export interface OrderFileContent {
  readonly version: 1;
  readonly issued: number;
  readonly orders: readonly StoredOrder[];
}

type StoredOrder =
  | {
      readonly kind: 'record-view';
      readonly numero: string;
      readonly createdAt: string;
      readonly cns: string;
      readonly recordId: number;
      readonly valorCentavos: number;
      readonly requested: string;
      readonly completesAt: string;
      readonly deliveredAt: string | null;
    }
  | {
      readonly kind: 'certificate';
      readonly numero: string;
      readonly createdAt: string;
      readonly cns: string;
      readonly recordId: number;
      readonly valorCentavos: number;
      readonly forecast: string;
      readonly readyAt: string;
      readonly validatorCode: string;
    };

export interface RestoredOrders {
  readonly issued: number;
  readonly orders: readonly (RecordViewOrder | CertificateOrder)[];
}

export function encodeOrders(book: OrderBook): OrderFileContent {
  const orders: StoredOrder[] = [];
  for (const order of book.all()) {
    if (order.kind === 'search') continue;
    const common = {
      numero: order.numero,
      createdAt: order.createdAt.toISOString(),
      cns: order.office.cns,
      recordId: order.record.id,
      valorCentavos: order.valorCentavos,
    };
    orders.push(
      order.kind === 'record-view'
        ? {
            kind: 'record-view',
            ...common,
            requested: order.requested,
            completesAt: order.completesAt.toISOString(),
            deliveredAt: order.deliveredAt?.toISOString() ?? null,
          }
        : {
            kind: 'certificate',
            ...common,
            forecast: order.forecast.toISOString(),
            readyAt: order.readyAt.toISOString(),
            validatorCode: order.validatorCode,
          },
    );
  }
  return { version: 1, issued: book.issuedCount(), orders };
}

/** Writes the whole file anew beside it, then renames: a crash mid-write leaves the previous file whole. */
export function writeOrderFile(file: string, book: OrderBook): void {
  const partial = `${file}.partial`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(partial, `${JSON.stringify(encodeOrders(book))}\n`);
  renameSync(partial, file);
}

/** The orders kept in `file` (none when it does not exist yet), on this seed's world; a file it cannot read throws. */
export function readOrderFile(file: string, world: SimWorld): RestoredOrders {
  if (!existsSync(file)) return { issued: 0, orders: [] };
  try {
    return decodeOrders(JSON.parse(readFileSync(file, 'utf8')), world);
  } catch (error) {
    throw new Error(`the origin simulator's order file ${file} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export function decodeOrders(value: unknown, world: SimWorld): RestoredOrders {
  const content = objectOf(value, 'the file');
  if (content.version !== 1) throw new Error(`unknown version ${String(content.version)}`);
  const issued = integerOf(content.issued, 'issued');
  if (!Array.isArray(content.orders)) throw new Error('orders is not a list');
  const records = new Map<number, SimRecord>(world.records.map((record) => [record.id, record]));
  /** The growing records' orders read so far (the file lists orders as they were placed): each one's acts. */
  const growingOrders = new Map<number, Date[]>();
  const orders = content.orders.map((entry: unknown, index: number) => {
    const stored = objectOf(entry, `order ${index}`);
    const numero = textOf(stored.numero, `order ${index} numero`);
    const office = world.officeByCns(textOf(stored.cns, `order ${numero} cns`));
    const createdAt = dateOf(stored.createdAt, `order ${numero} createdAt`);
    const recordId = stored.recordId;
    const record =
      typeof recordId === 'number' && recordId < 0 && office !== undefined
        ? growingRecordAgain(world, office, recordId, growingOrders, createdAt)
        : records.get(integerOf(recordId, `order ${numero} recordId`));
    // Another seed's world: the order's office or record is not in this one.
    if (office === undefined || record === undefined || record.cns !== office.cns) {
      throw new Error(`order ${numero}: no such office and record in the world of seed ${world.seed}`);
    }
    const common = {
      numero,
      createdAt,
      office,
      record,
      valorCentavos: integerOf(stored.valorCentavos, `order ${numero} valorCentavos`),
    };
    if (stored.kind === 'record-view') {
      const order: RecordViewOrder = {
        kind: 'record-view',
        ...common,
        requested: textOf(stored.requested, `order ${numero} requested`),
        completesAt: dateOf(stored.completesAt, `order ${numero} completesAt`),
        deliveredAt: stored.deliveredAt === null ? null : dateOf(stored.deliveredAt, `order ${numero} deliveredAt`),
      };
      return order;
    }
    if (stored.kind === 'certificate') {
      const order: CertificateOrder = {
        kind: 'certificate',
        ...common,
        forecast: dateOf(stored.forecast, `order ${numero} forecast`),
        readyAt: dateOf(stored.readyAt, `order ${numero} readyAt`),
        validatorCode: textOf(stored.validatorCode, `order ${numero} validatorCode`),
      };
      return order;
    }
    throw new Error(`order ${numero}: unknown kind ${String(stored.kind)}`);
  });
  return { issued, orders };
}

/** A growing sandbox record's order (decision 0175), as it was placed: after the earlier orders of that record. */
function growingRecordAgain(
  world: SimWorld,
  office: SimOffice,
  recordId: number,
  earlierById: Map<number, Date[]>,
  createdAt: Date,
): SimRecord | undefined {
  const matricula = growingMatriculaOf(office, recordId);
  if (matricula === undefined) return undefined;
  const earlier = earlierById.get(recordId) ?? [];
  earlierById.set(recordId, [...earlier, createdAt]);
  return growingRecord(world, office, matricula, earlier, createdAt);
}

function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function textOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${what} is not a text`);
  return value;
}

function integerOf(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${what} is not a whole number`);
  }
  return value;
}

function dateOf(value: unknown, what: string): Date {
  const date = new Date(textOf(value, what));
  if (Number.isNaN(date.getTime())) throw new Error(`${what} is not a date`);
  return date;
}
