import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, propertyRequest } from '@regapi/origin-simulator';
import { callJson } from '@regapi/testkit';
import { sql } from 'kysely';
import { percentile } from '../percentile';
import { createCustomer } from './customer';
import type { RunningSystem } from './systems';

/** A poll that has not seen the origin's answer after this long gives the order up (counted, not measured). */
const ORDER_TIMEOUT_MS = 30_000;

export const PRODUCTS = ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'] as const;
type Product = (typeof PRODUCTS)[number];

/** What one order's stages took, in ms; undefined where the order has no such stage. */
interface OrderStages {
  readonly product: Product;
  /** orders.created_at (the gateway's clock as it accepts) → first origin_order_attempt.started_at (origin-session). */
  readonly acceptedToCall?: number;
  /** The origin's last answer (attempt answered_at) → the first poll that shows it (the bench's clock at its send). */
  readonly answerToVisible?: number;
  /** The origin's answer → orders.finished_at (the finishing service's clock). */
  readonly answerToFinished?: number;
  /** The origin's answer → order_document.received_at (the archive's clock, download ended): transit and download. */
  readonly answerToReceived?: number;
  /** order_document.received_at (bytes in hand) → stored_at (object stored; both the archive's clock). */
  readonly receivedToArchived?: number;
  /** order_document.stored_at → the first poll that shows the result. */
  readonly archivedToVisible?: number;
}

export interface StageReport {
  readonly mode: RunningSystem['mode'];
  readonly perProduct: number;
  readonly orders: readonly OrderStages[];
  readonly unfinished: number;
  /** Round trip of one poll (send → answer read), the resolution of every "visible" figure. */
  readonly pollMs: readonly number[];
}

/** The request bodies: searches over every sample owner, property products over distinct records (the 7-day block). */
function bodiesFor(product: Product, samples: readonly OriginSample[], count: number): Record<string, unknown>[] {
  if (product === 'pesquisa-previa-bens') {
    return Array.from({ length: count }, (_, i) => {
      const owner = samples[i % samples.length];
      return { cpf_cnpj: owner?.cpfCnpj, uf: owner?.uf };
    });
  }
  const properties = samples.flatMap((owner) => owner.imoveis.map((_, which) => propertyRequest(owner, { which })));
  return properties.slice(0, count);
}

/** The final answer (200), or a certificate in issue: what the origin's answer turned into for a client. */
function showsAnswer(status: number, data: Record<string, unknown> | undefined): boolean {
  return status === 200 || data?.status_consulta === 'EM_EMISSAO';
}

/** What the system recorded of one order, each written by the service that did the step, from its own clock. */
interface Timestamps {
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
  readonly firstStart: Date | null;
  readonly storedAt: Date | null;
  readonly receivedAt: Date | null;
  /** Every origin answer of the order (`answered_at` of its attempts), oldest first. */
  readonly answers: readonly Date[];
}

async function timestampsOf(system: RunningSystem, protocolo: string): Promise<Timestamps> {
  const row = await system.db.db
    .selectFrom('orders')
    .select((eb) => [
      'orders.created_at',
      'orders.finished_at',
      eb
        .selectFrom('origin_order_attempt')
        .select((inner) => inner.fn.min('started_at').as('s'))
        .whereRef('origin_order_attempt.order_id', '=', 'orders.id')
        .as('first_start'),
      eb
        .selectFrom('order_document')
        .select((inner) => inner.fn.min('stored_at').as('d'))
        .whereRef('order_document.order_id', '=', 'orders.id')
        .as('stored_at'),
      eb
        .selectFrom('order_document')
        .select((inner) => inner.fn.min('received_at').as('r'))
        .whereRef('order_document.order_id', '=', 'orders.id')
        .as('received_at'),
      sql<Date[] | null>`(SELECT array_agg(answered_at ORDER BY answered_at) FROM origin_order_attempt a
                          WHERE a.order_id = orders.id AND a.answered_at IS NOT NULL)`.as('answers'),
    ])
    .where('protocolo', '=', protocolo)
    .executeTakeFirstOrThrow();
  return {
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    firstStart: row.first_start === null ? null : new Date(row.first_start),
    storedAt: row.stored_at === null ? null : new Date(row.stored_at),
    receivedAt: row.received_at === null ? null : new Date(row.received_at),
    answers: (row.answers ?? []).map((at) => new Date(at)),
  };
}

/** Accepts one order and polls it back to back until the answer shows; undefined when it never does in time. */
async function driveOne(
  system: RunningSystem,
  token: string,
  product: Product,
  body: Record<string, unknown>,
  pollMs: number[],
  pollGapMs: number,
): Promise<OrderStages | undefined> {
  const accepted = await callJson(`${system.url}/v1/consultas/${product}`, {
    method: 'POST',
    token,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (accepted.status !== 202) throw new Error(`${product}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  const deadline = Date.now() + ORDER_TIMEOUT_MS;
  let visibleAt: number | undefined;
  while (visibleAt === undefined && Date.now() < deadline) {
    const sentAt = Date.now();
    const started = performance.now();
    const polled = await callJson(`${system.url}/v1/consultas/${protocolo}`, { token });
    pollMs.push(performance.now() - started);
    if (showsAnswer(polled.status, polled.body.data[0])) visibleAt = sentAt;
    else if (pollGapMs > 0) await delay(pollGapMs);
  }
  if (visibleAt === undefined) return undefined;
  const at = await timestampsOf(system, protocolo);
  const seen = visibleAt;
  // The answer the poll showed: the origin's last answer before it (a record view's document, a certificate's order).
  const answer = [...at.answers]
    .reverse()
    .find((answeredAt) => answeredAt.getTime() <= seen)
    ?.getTime();
  const stored = at.storedAt?.getTime();
  const received = at.receivedAt?.getTime();
  return {
    product,
    ...(at.firstStart === null ? {} : { acceptedToCall: at.firstStart.getTime() - at.createdAt.getTime() }),
    ...(answer === undefined ? {} : { answerToVisible: seen - answer }),
    ...(answer === undefined || at.finishedAt === null ? {} : { answerToFinished: at.finishedAt.getTime() - answer }),
    ...(answer === undefined || received === undefined ? {} : { answerToReceived: received - answer }),
    ...(received === undefined || stored === undefined ? {} : { receivedToArchived: stored - received }),
    ...(stored === undefined ? {} : { archivedToVisible: seen - stored }),
  };
}

/**
 * Drives `perProduct` orders of each product through the public API one at a time (the next accepted once the poll
 * showed the previous one's answer, so the session is idle at each acceptance), polling back to back.
 */
export async function driveStages(system: RunningSystem, perProduct: number, pollGapMs: number): Promise<StageReport> {
  const samples = await createSimulatorControl(system.originUrl).samples();
  const { token } = await createCustomer(system.adminUrl, system.adminToken, '1000000.00');
  const orders: OrderStages[] = [];
  const pollMs: number[] = [];
  let unfinished = 0;
  for (const product of PRODUCTS) {
    for (const body of bodiesFor(product, samples, perProduct)) {
      const stages = await driveOne(system, token, product, body, pollMs, pollGapMs);
      if (stages === undefined) unfinished++;
      else orders.push(stages);
    }
  }
  return { mode: system.mode, perProduct, orders, unfinished, pollMs };
}

const fmt = (value: number) => (Number.isNaN(value) ? '   —   ' : `${value.toFixed(1).padStart(7)}`);

function line(label: string, samples: readonly number[], target: boolean): string {
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((share) => percentile(samples, share));
  const met =
    samples.length === 0 ? '' : target ? ((p50 ?? 0) < 50 && (p99 ?? 0) < 250 ? '  met' : '  MISSED') : '  (split)';
  return `  ${label.padEnd(58)} ${fmt(p50 ?? Number.NaN)} ${fmt(p95 ?? Number.NaN)} ${fmt(p99 ?? Number.NaN)}  n=${String(samples.length).padStart(3)}${met}`;
}

/** The report's lines: per stage and product, p50/p95/p99 in ms against the target (p50 < 50 ms, p99 < 250 ms). */
export function stageLines(report: StageReport): string[] {
  const out = [
    `\n## stages, ${report.mode}: ${report.perProduct} orders of each product, one at a time, idle session`,
    `  ${'stage (ms; target p50 < 50, p99 < 250)'.padEnd(58)}     p50     p95     p99`,
  ];
  const of = (product: Product, pick: (stages: OrderStages) => number | undefined) =>
    report.orders
      .filter((stages) => stages.product === product)
      .map(pick)
      .filter((value): value is number => value !== undefined);
  type Row = readonly [label: string, pick: (stages: OrderStages) => number | undefined, target: boolean];
  const documentRows: readonly Row[] = [
    ['    (origin answer → document received: relay, bus, download)', (s) => s.answerToReceived, false],
    ['    document received → archived', (s) => s.receivedToArchived, true],
    ['    archived → visible to a poll', (s) => s.archivedToVisible, true],
    ['    (origin answer → order finished)', (s) => s.answerToFinished, false],
  ];
  for (const product of PRODUCTS) {
    const inIssue = product === 'certidao-inteiro-teor';
    const rows: readonly Row[] = [
      ['  acceptance → origin call start', (s) => s.acceptedToCall, true],
      inIssue
        ? ['  origin answer → "in issue" visible to a poll', (s) => s.answerToVisible, true]
        : ['  origin answer → result visible to a poll', (s) => s.answerToVisible, true],
      ...(inIssue ? [] : documentRows),
    ];
    out.push(`  ${product}:`);
    for (const [label, pick, target] of rows) out.push(line(label, of(product, pick), target));
  }
  const poll = report.pollMs;
  out.push(
    `  poll round trip (the resolution of "visible"): p50 ${percentile(poll, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(poll, 0.99).toFixed(1)} ms over ${poll.length} polls` +
      (report.unfinished > 0 ? `; ${report.unfinished} order(s) never showed an answer within 30 s` : ''),
  );
  return out;
}
