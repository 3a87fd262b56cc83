import type { DocumentDelivered } from '@regapi/bus';
import { isResultCode, type ResultCode, resultClassOf } from '@regapi/contracts';
import { documentKey, documentUrl, quarantineKey } from '@regapi/documents';
import { getOrder, type Order } from '@regapi/orders';
import type { Logger } from '@regapi/telemetry';
import type { ArchiveContext } from './archive-context';
import { finishArchived, finishUndelivered, type StoredDocument, scheduleArchiveRetry } from './archive-outcomes';
import { archivedResult } from './archived-result';
import { type FetchedDocument, fetchDocument } from './fetch-document';
import { type DocumentReading, readDocument } from './read-document';
import { retryPlan } from './retry-plan';

/** What became of one delivery, for logs and tests. */
export type ArchiveOutcome =
  | { readonly kind: 'archived'; readonly code: ResultCode; readonly documents: number; readonly bytes: number }
  /** The order had finished already (a redelivery, a retry overtaken): nothing done. */
  | { readonly kind: 'already-finished' }
  | { readonly kind: 'retry-scheduled'; readonly attempt: number; readonly dueAt: string; readonly reason: string }
  | { readonly kind: 'not-archived'; readonly code: ResultCode; readonly reason: string }
  | { readonly kind: 'certificate-refused'; readonly code: ResultCode; readonly reason: string };

/** A delivery that can never be handled: thrown, so the bus dead-letters it for an operator after its limit. */
export class UnusableDeliveryError extends Error {
  override readonly name = 'UnusableDeliveryError';
  readonly code = 'unusable_delivery';
  constructor(
    readonly orderId: string,
    detail: string,
  ) {
    super(`document.delivered of order ${orderId}: ${detail}`);
  }
}

// Client-facing notes, after the code's own message (contract 2.5, 2.6 `mensagem`).
const NOTES = {
  617: 'O documento entregue pela origem não pôde ser arquivado antes de o link da origem expirar.',
  622: 'A origem não encontrou mais o documento que havia entregue.',
  606: 'O link do documento entregue pela origem é inválido.',
  signature: 'A certidão entregue pela origem não tem assinatura digital válida e não foi entregue.',
} as const;

/**
 * Archives the documents of one `document.delivered` (issue 6; docs/decisions/0022, 0030, 0033): downloads each while
 * the origin's link is valid, checks it is a PDF, stores it under its key (a re-upload overwrites), reads its text
 * layer (and a certificate's signature), and only then finishes the order with the delivery's code. A failed download
 * is tried again later (PostgreSQL delay) until the link would have expired, then the order finishes refunded and a
 * human is alerted. Idempotent: the order's state is the guard, so a redelivery after the finish is a no-op.
 */
export async function archiveDelivery(
  ctx: ArchiveContext,
  delivered: DocumentDelivered,
  log: Logger,
): Promise<ArchiveOutcome> {
  const order = await getOrder(ctx.db, delivered.order_id);
  if (order === undefined) throw new UnusableDeliveryError(delivered.order_id, 'no such order');
  if (order.protocolo !== delivered.protocolo || order.accountId !== delivered.account_id) {
    throw new UnusableDeliveryError(order.id, 'protocolo or account differ from the order');
  }
  if (order.state === 'finished') return { kind: 'already-finished' };
  if (order.state !== 'archiving') throw new UnusableDeliveryError(order.id, `the order is ${order.state}`);
  const code = delivered.code;
  if (!isResultCode(code)) throw new UnusableDeliveryError(order.id, `${code} is not a result code`);
  const outcome = await archiveOrder(ctx, order, delivered, code, log);
  countOutcome(ctx, order.fonte, outcome);
  return outcome;
}

/**
 * Counted once the transaction that decided it committed (issue 13); `already-finished` (a redelivery, a retry
 * overtaken) counts nothing. A retry counts the delivery, an archived delivery each of its documents.
 */
function countOutcome(ctx: ArchiveContext, fonte: string, outcome: ArchiveOutcome): void {
  const { metrics } = ctx;
  switch (outcome.kind) {
    case 'archived':
      for (let each = 0; each < outcome.documents; each++) metrics.archiveDocument(fonte, 'archived');
      metrics.archiveBytes(fonte, outcome.bytes);
      break;
    case 'retry-scheduled':
      metrics.archiveDocument(fonte, 'retried');
      return;
    case 'not-archived':
      metrics.archiveDocument(fonte, 'failed');
      break;
    case 'certificate-refused':
      metrics.archiveDocument(fonte, 'refused');
      break;
    case 'already-finished':
      return;
  }
  metrics.orderFinished(fonte, String(outcome.code), resultClassOf(outcome.code));
}

async function archiveOrder(
  ctx: ArchiveContext,
  order: Order,
  delivered: DocumentDelivered,
  code: ResultCode,
  log: Logger,
): Promise<ArchiveOutcome> {
  const fetched: FetchedDocument[] = [];
  for (const source of delivered.documents) {
    const outcome = await fetchDocument(ctx.downloader, source, {
      timeoutMs: ctx.settings.downloadTimeoutMs,
      maxBytes: ctx.settings.maxDocumentBytes,
      now: () => ctx.clock.now(),
    });
    if (outcome.kind === 'permanent') {
      const note = outcome.code === 606 ? NOTES[606] : outcome.code === 622 ? NOTES[622] : NOTES[617];
      return giveUp(ctx, order, delivered, outcome.code, outcome.reason, note);
    }
    if (outcome.kind === 'transient') return retryOrGiveUp(ctx, order, delivered, outcome.reason, log);
    fetched.push(outcome.document);
  }

  // A certificate's reading decides where it goes (quarantine when unsigned), so it is read before it is stored; the
  // other documents are stored while their text layer is read (the read is CPU, the store I/O: the stage is shorter).
  const readFirst = fetched.some((document) => document.source.kind === 'certidao');
  const reading = readAll(fetched, log);
  if (readFirst) {
    const readings = await reading;
    const unsigned = refusedCertificate(fetched, readings);
    if (unsigned !== undefined)
      return refuseCertificate(ctx, order, delivered, unsigned.document, unsigned.reason, log);
  }
  const storing = storeAll(ctx, order, fetched, documentKey).then(
    (stored) => ({ ok: true as const, stored }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const [readings, storage] = await Promise.all([reading, storing]);
  if (!storage.ok) return retryOrGiveUp(ctx, order, delivered, `storage: ${messageOf(storage.error)}`, log);
  const { stored } = storage;
  warnOnCodeMismatch(order, readings, log);
  const result = archivedResult(order.result, documentUrl(order.protocolo, ctx.publicBaseUrl), readings);
  const applied = await finishArchived(ctx.db, order, delivered, code, stored, result, ctx.clock.now());
  if (!applied) return { kind: 'already-finished' };
  const bytes = stored.reduce((total, { document }) => total + document.bytes.byteLength, 0);
  return { kind: 'archived', code, documents: stored.length, bytes };
}

async function readAll(fetched: readonly FetchedDocument[], log: Logger): Promise<DocumentReading[]> {
  const readings: DocumentReading[] = [];
  for (const document of fetched) readings.push(await readDocument(document, log));
  return readings;
}

async function storeAll(
  ctx: ArchiveContext,
  order: Order,
  fetched: readonly FetchedDocument[],
  keyOf: typeof documentKey,
): Promise<StoredDocument[]> {
  const stored: StoredDocument[] = [];
  for (const document of fetched) {
    const key = keyOf(order.accountId, order.protocolo, document.source.kind);
    await ctx.storage.put({
      key,
      bytes: document.bytes,
      contentType: 'application/pdf',
      metadata: { sha256: document.sha256, 'order-id': order.id, protocolo: order.protocolo },
    });
    stored.push({ document, key, storedAt: ctx.clock.now() });
  }
  return stored;
}

async function retryOrGiveUp(
  ctx: ArchiveContext,
  order: Order,
  delivered: DocumentDelivered,
  reason: string,
  log: Logger,
): Promise<ArchiveOutcome> {
  const plan = retryPlan(delivered, ctx.clock.now(), ctx.settings);
  if (plan.kind === 'expired') {
    const expiry = plan.linkExpiresAt.toISOString();
    const why = `${reason}; ${plan.attempts} attempt(s), the origin's link expires at ${expiry}`;
    return giveUp(ctx, order, delivered, 617, why, NOTES[617], plan.attempts);
  }
  await scheduleArchiveRetry(ctx.db, order, delivered, plan.attempt, plan.dueAt);
  log.warn(
    { order_id: order.id, protocolo: order.protocolo, reason, attempt: plan.attempt, due_at: plan.dueAt.toISOString() },
    'document download failed; retry scheduled',
  );
  return { kind: 'retry-scheduled', attempt: plan.attempt, dueAt: plan.dueAt.toISOString(), reason };
}

async function giveUp(
  ctx: ArchiveContext,
  order: Order,
  delivered: DocumentDelivered,
  code: ResultCode,
  reason: string,
  note: string,
  attempts = delivered.attempt ?? 1,
): Promise<ArchiveOutcome> {
  const at = ctx.clock.now();
  const applied = await finishUndelivered(ctx.db, order, delivered, code, note, at);
  if (!applied) return { kind: 'already-finished' };
  ctx.alerts.documentNotArchived({
    orderId: order.id,
    protocolo: order.protocolo,
    fonte: order.fonte,
    code,
    reason,
    attempts,
    originUrls: delivered.documents.map((document) => document.url),
    at,
  });
  return { kind: 'not-archived', code, reason };
}

function refusedCertificate(
  fetched: readonly FetchedDocument[],
  readings: readonly DocumentReading[],
): { document: FetchedDocument; reason: string } | undefined {
  for (const [index, reading] of readings.entries()) {
    const document = fetched[index];
    if (reading.kind !== 'certidao' || document === undefined) continue;
    if (reading.signature.kind === 'unsigned') return { document, reason: 'the PDF carries no digital signature' };
    if (reading.signature.kind === 'invalid') return { document, reason: reading.signature.reason };
  }
  return undefined;
}

/**
 * docs/decisions/0032: a certificate without a valid signature is never SUCESSO (contract 2.6: "digitally signed by the
 * registry officer", public faith). Its PDF is kept in quarantine for an operator, never served; the order finishes
 * 606 (refunded) and a human is alerted.
 */
async function refuseCertificate(
  ctx: ArchiveContext,
  order: Order,
  delivered: DocumentDelivered,
  document: FetchedDocument,
  reason: string,
  log: Logger,
): Promise<ArchiveOutcome> {
  try {
    await storeAll(ctx, order, [document], quarantineKey);
  } catch (error: unknown) {
    return retryOrGiveUp(ctx, order, delivered, `storage: ${messageOf(error)}`, log);
  }
  const at = ctx.clock.now();
  const applied = await finishUndelivered(ctx.db, order, delivered, 606, NOTES.signature, at);
  if (!applied) return { kind: 'already-finished' };
  ctx.alerts.certificateRefused({
    orderId: order.id,
    protocolo: order.protocolo,
    reason,
    quarantineKey: quarantineKey(order.accountId, order.protocolo, 'certidao'),
    sha256: document.sha256,
    at,
  });
  return { kind: 'certificate-refused', code: 606, reason };
}

/** The origin also reports the validator code; the PDF's text layer is what a third party reads, so it wins. */
function warnOnCodeMismatch(order: Order, readings: readonly DocumentReading[], log: Logger): void {
  const reported = order.result?.fonte === 'certidao-inteiro-teor' ? order.result.data.certidao_codigo : undefined;
  for (const reading of readings) {
    if (reading.kind !== 'certidao' || typeof reported !== 'string' || reading.certidaoCodigo === reported) continue;
    log.warn(
      { order_id: order.id, reported, in_pdf: reading.certidaoCodigo },
      'the validator code in the PDF differs from the one the origin reported; the PDF is kept',
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
