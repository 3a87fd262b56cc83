import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRabbitBus } from '@regapi/bus';
import { systemClock } from '@regapi/calendar';
import { type DocumentStorage, documentKey, upsertOrderDocument } from '@regapi/documents';
import { createOriginDocumentDownloader } from '@regapi/origin';
import { EVENT_METRICS as E } from '@regapi/telemetry';
import {
  createTestVhost,
  inMemoryMetrics,
  seedOrder,
  startTestS3,
  type TestS3,
  useTestDatabase,
  waitFor,
} from '@regapi/testkit';
import { createArchive } from '../src';
import { createArchiveAlerts } from '../src/alerts/archive-alerts';
import { DEFAULT_ARCHIVE_SETTINGS } from '../src/archiving/archive-settings';
import { createDocumentScrub, type DocumentScrub } from '../src/scrub/document-scrub';
import { claimScrub, readScrubState } from '../src/scrub/scrub-store';
import { alertCapturingLogger } from './support/alert-capturing-logger';

// The integrity scrub (issue 28, docs/decisions/0128) on real PostgreSQL and a real S3-compatible server (s3rver):
// every `order_document` row's object re-hashed against its SHA-256. Each describe has its own database, since a scrub
// walks every row there is.

interface Stored {
  readonly orderId: string;
  readonly protocolo: string;
  readonly key: string;
  readonly bytes: Buffer;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4_096), Buffer.from('\n%%EOF\n')]);

let s3: TestS3;
let storage: DocumentStorage;

beforeAll(async () => {
  s3 = await startTestS3();
  storage = s3.storage();
});
afterAll(() => s3.close());

/** A document archived as the archive leaves it: the object in the bucket, its row in `order_document`. */
async function archived(database: ReturnType<typeof useTestDatabase>): Promise<Stored> {
  const order = await seedOrder(database.db, { fonte: 'visualizacao-matricula' });
  const bytes = pdf();
  const key = documentKey(order.accountId, order.protocolo, 'visualizacao');
  await storage.put({ key, bytes, contentType: 'application/pdf' });
  await upsertOrderDocument(database.db, {
    orderId: order.id,
    kind: 'visualizacao',
    storageKey: key,
    sha256: sha256(bytes),
    sizeBytes: bytes.byteLength,
    contentType: 'application/pdf',
    originUrl: 'https://origin.example/doc.pdf',
    storedAt: new Date(),
    receivedAt: new Date(),
  });
  return { orderId: order.id, protocolo: order.protocolo, key, bytes };
}

/** Deletes an object as an operator's mistake or a lost bucket would (the storage port itself never deletes). */
async function deleteObject(key: string): Promise<void> {
  const answer = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { method: 'DELETE' });
  expect(answer.status).toBe(204);
  expect(await storage.get(key)).toBeUndefined();
}

interface Scrubber {
  readonly scrub: DocumentScrub;
  readonly alerts: Record<string, unknown>[];
  readonly metrics: ReturnType<typeof inMemoryMetrics>;
}

const scrubbers: Scrubber[] = [];
afterEach(async () => {
  for (const each of scrubbers.splice(0)) {
    await each.scrub.stop();
    await each.metrics.shutdown();
  }
});

function scrubber(database: ReturnType<typeof useTestDatabase>, settings: { scrubPauseMs?: number } = {}): Scrubber {
  const alerts: Record<string, unknown>[] = [];
  const metrics = inMemoryMetrics();
  const logger = alertCapturingLogger(alerts);
  const scrub = createDocumentScrub({
    db: database.db,
    storage,
    logger,
    alerts: createArchiveAlerts({ logger }),
    metrics: metrics.metrics,
    clock: systemClock,
    // An interval of 1 ms: every pass that finds no run in progress begins one.
    settings: { ...DEFAULT_ARCHIVE_SETTINGS, scrubIntervalMs: 1, scrubPageSize: 2, scrubPauseMs: 0, ...settings },
  });
  const made = { scrub, alerts, metrics };
  scrubbers.push(made);
  return made;
}

describe('a scrub over intact, altered and deleted documents', () => {
  const database = useTestDatabase();

  it('counts each by outcome, alerts on the two wrong ones, and is clean again once they are restored', async () => {
    const intact = await archived(database);
    const altered = await archived(database);
    const deleted = await archived(database);
    const alsoIntact = await archived(database);
    await storage.put({ key: altered.key, bytes: pdf(), contentType: 'application/pdf' });
    await deleteObject(deleted.key);

    const first = scrubber(database);
    first.scrub.start(); // the gauges are observed from start()
    const pass = await first.scrub.runNow();
    expect(pass).toMatchObject({ kind: 'completed', checked: 4 });

    const recorded = await first.metrics.collect();
    expect(recorded.total(E.archiveScrubDocuments, { outcome: 'ok' })).toBe(2);
    expect(recorded.total(E.archiveScrubDocuments, { outcome: 'mismatch' })).toBe(1);
    expect(recorded.total(E.archiveScrubDocuments, { outcome: 'missing' })).toBe(1);
    expect(recorded.total(E.archiveScrubLastFindings, { outcome: 'mismatch' })).toBe(1);
    expect(recorded.total(E.archiveScrubLastFindings, { outcome: 'missing' })).toBe(1);
    const state = await readScrubState(database.db);
    expect(state).toMatchObject({ last_ok: 2, last_mismatch: 1, last_missing: 1, run_started_at: null, holder: null });
    expect(recorded.total(E.archiveScrubLastCompleted)).toBe((state?.last_completed_at?.getTime() ?? 0) / 1000);

    expect(
      first.alerts.map((alert) => [alert.alert, alert.outcome, alert.protocolo, alert.storage_key]).sort(),
    ).toEqual(
      [
        ['document_integrity_failed', 'mismatch', altered.protocolo, altered.key],
        ['document_integrity_failed', 'missing', deleted.protocolo, deleted.key],
      ].sort(),
    );
    const mismatch = first.alerts.find((alert) => alert.outcome === 'mismatch');
    expect(mismatch).toMatchObject({
      level: 'error',
      order_id: altered.orderId,
      expected_sha256: sha256(altered.bytes),
      actual_bytes: expect.any(Number),
    });
    expect(mismatch?.actual_sha256).not.toBe(sha256(altered.bytes));
    expect([intact.key, alsoIntact.key]).not.toContain(mismatch?.storage_key);

    // The operator restores both objects (from the bucket's versions): the next complete scrub finds nothing.
    await storage.put({ key: altered.key, bytes: altered.bytes, contentType: 'application/pdf' });
    await storage.put({ key: deleted.key, bytes: deleted.bytes, contentType: 'application/pdf' });
    const second = scrubber(database);
    second.scrub.start();
    expect(await second.scrub.runNow()).toMatchObject({ kind: 'completed', checked: 4 });
    expect(second.alerts).toEqual([]);
    const after = await second.metrics.collect();
    expect(after.total(E.archiveScrubDocuments, { outcome: 'ok' })).toBe(4);
    expect(after.total(E.archiveScrubLastFindings)).toBe(0);
    expect(await readScrubState(database.db)).toMatchObject({ last_ok: 4, last_mismatch: 0, last_missing: 0 });
  });
});

describe('a scrub interrupted', () => {
  const database = useTestDatabase();

  it('stopped mid-run leaves the run where it was, and the next replica completes it without a false finding', async () => {
    const documents = [];
    for (let i = 0; i < 12; i++) documents.push(await archived(database));

    // Paced, so the stop lands mid-run.
    const stopped = scrubber(database, { scrubPauseMs: 150 });
    stopped.scrub.start();
    await waitFor(async () => ((await readScrubState(database.db))?.run_ok ?? 0) >= 2, {
      timeoutMs: 10_000,
      what: 'two documents checked',
    });
    await stopped.scrub.stop();
    const left = await readScrubState(database.db);
    expect(left?.run_started_at).not.toBeNull();
    expect(left?.after_order_id).not.toBeNull();
    expect(left).toMatchObject({ holder: null, lease_until: null, last_completed_at: null, run_mismatch: 0 });
    const done = left?.run_ok ?? 0;
    expect(done).toBeLessThan(documents.length);
    expect(stopped.alerts).toEqual([]);

    // Another replica (a new holder): it resumes after the cursor, checking only what is left.
    const next = scrubber(database);
    expect(await next.scrub.runNow()).toMatchObject({ kind: 'completed', checked: documents.length - done });
    expect(await readScrubState(database.db)).toMatchObject({
      last_ok: documents.length,
      last_mismatch: 0,
      last_missing: 0,
      run_started_at: null,
      after_order_id: null,
    });
    expect(next.alerts).toEqual([]);
  });

  it('one replica at a time: a live lease is respected, a lapsed one (a crashed holder) is taken over', async () => {
    const live = await claimScrub(database.db, `crashed-${randomUUID()}`, 60_000);
    expect(live?.holder).toMatch(/^crashed-/);
    const other = scrubber(database);
    expect(await other.scrub.runNow()).toEqual({ kind: 'held-elsewhere', checked: 0 });

    // The holder dies: its last renewal has run out (a lease that ended a second ago, so no wait is needed).
    await claimScrub(database.db, live?.holder ?? '', -1_000);
    expect(await other.scrub.runNow()).toMatchObject({ kind: 'completed' });
    expect((await readScrubState(database.db))?.holder).toBeNull();
  });
});

describe('the archive service', () => {
  const database = useTestDatabase();

  it('scrubs from its start, and its stop stops the scrub', async () => {
    await archived(database);
    const vhost = await createTestVhost();
    const alerts: Record<string, unknown>[] = [];
    const logger = alertCapturingLogger(alerts);
    const bus = createRabbitBus({ url: vhost.url, logger });
    try {
      await waitFor(() => bus.isReady(), { what: 'broker ready' });
      const archive = createArchive({
        db: database,
        bus,
        logger,
        storage,
        downloader: createOriginDocumentDownloader(),
        runScheduler: false,
      });
      await archive.start();
      await waitFor(async () => (await readScrubState(database.db))?.last_completed_at != null, {
        timeoutMs: 10_000,
        what: 'the first scrub, run at start',
      });
      await archive.stop();
      expect(await readScrubState(database.db)).toMatchObject({ last_ok: 1, holder: null });
      expect(alerts).toEqual([]);
    } finally {
      await bus.close();
      await vhost.delete();
    }
  });
});
