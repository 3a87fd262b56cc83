import { ManualClock } from '@regapi/calendar';
import { createDb, type DbHandle } from '@regapi/db';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { readSnapshot, refreshSnapshot } from '../src';
import { SNAPSHOT_SETTINGS } from './support/snapshot-fixtures';

// Issue 13: "computed once per scrape interval by one process, correct with several replicas". Each replica runs
// refreshSnapshot on its own timer; the one row taken FOR UPDATE SKIP LOCKED makes them compute once per interval
// between them (docs/decisions/0064).

let database: TestDatabase;
let replicas: DbHandle[];
const clock = new ManualClock(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
  // Each replica with its own pool, as separate processes have.
  replicas = [createDb(database.url, { max: 2 }), createDb(database.url, { max: 2 })];
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.close()));
  await database.drop();
});

const computedAt = async () => (await readSnapshot(database.db))?.computedAt;

test('before the first refresh there is no snapshot to serve', async () => {
  expect(await readSnapshot(database.db)).toBeUndefined();
});

test('replicas refreshing at once compute one snapshot; the others find it fresh or being computed', async () => {
  const outcomes = await Promise.all(
    [...replicas, ...replicas].map((replica) => refreshSnapshot(replica.db, clock, SNAPSHOT_SETTINGS)),
  );
  expect(outcomes.filter((outcome) => outcome === 'computed')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome !== 'computed').every((o) => o === 'fresh' || o === 'busy')).toBe(true);
  expect(await computedAt()).toEqual(clock.now());
});

test('a replica that finds the row held by another skips at once instead of waiting to compute it again', async () => {
  clock.advance(SNAPSHOT_SETTINGS.intervalMs);
  const before = await computedAt();
  const holder = await database.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM metrics_snapshot WHERE id = 1 FOR UPDATE');
    // Due, yet held: skipped without blocking (a blocked call would never return while the lock is held).
    expect(await refreshSnapshot(replicas[0]?.db ?? database.db, clock, SNAPSHOT_SETTINGS)).toBe('busy');
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
  expect(await computedAt()).toEqual(before);
  expect(await refreshSnapshot(replicas[1]?.db ?? database.db, clock, SNAPSHOT_SETTINGS)).toBe('computed');
});

test('within the interval the snapshot is fresh; a timer ticking every interval computes on every tick', async () => {
  const replica = replicas[0]?.db ?? database.db;
  clock.advance(SNAPSHOT_SETTINGS.intervalMs / 2);
  expect(await refreshSnapshot(replica, clock, SNAPSHOT_SETTINGS)).toBe('fresh');
  // A tick a few milliseconds short of a whole interval after the last computation still computes.
  clock.advance(SNAPSHOT_SETTINGS.intervalMs / 2 - 5);
  expect(await refreshSnapshot(replica, clock, SNAPSHOT_SETTINGS)).toBe('computed');
  const stored = await database.db
    .selectFrom('metrics_snapshot')
    .select(({ fn }) => fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow();
  expect(stored.rows).toBe(1);
  const row = await sql<{ duration_ms: number }>`SELECT duration_ms FROM metrics_snapshot`.execute(database.db);
  expect(row.rows[0]?.duration_ms).toBeGreaterThanOrEqual(0);
});
