import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { ManualClock } from '@regapi/calendar';
import { FONTES } from '@regapi/contracts';
import { type MetricDefinition, SNAPSHOT_METRICS, silentLogger } from '@regapi/telemetry';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import {
  cachedSnapshotSource,
  readSnapshot,
  refreshSnapshot,
  registerSnapshotGauges,
  type SnapshotGauges,
} from '../src';
import { acceptPaidOrder, fundedAccount, SNAPSHOT_SETTINGS } from './support/snapshot-fixtures';

// Issue 13: the snapshot's gauges as an OpenTelemetry MeterProvider collects them (the Prometheus exporter is one
// more MetricReader): every SNAPSHOT_METRICS gauge, every product label always, values from the one stored row.

/** Collects on demand, as the Prometheus exporter does on a scrape. */
class CollectingReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

interface Point {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly value: number;
}

let database: TestDatabase;
let provider: MeterProvider;
let reader: CollectingReader;
let gauges: SnapshotGauges;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
  reader = new CollectingReader();
  provider = new MeterProvider({ readers: [reader] });
  // No cache here: each collection reads the row, so a test sees the refresh it just made.
  const source = cachedSnapshotSource(() => readSnapshot(database.db), { logger: silentLogger(), cacheMs: 0 });
  gauges = registerSnapshotGauges(provider.getMeter('regapi-test'), source, clock);
});

afterAll(async () => {
  gauges.unregister();
  await provider.shutdown();
  await database.drop();
});

async function collect(): Promise<Map<string, Point[]>> {
  const { resourceMetrics, errors } = await reader.collect();
  expect(errors).toEqual([]);
  const byName = new Map<string, Point[]>();
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      const points = metric.dataPoints.map((point) => ({
        attributes: point.attributes,
        value: typeof point.value === 'number' ? point.value : Number.NaN,
      }));
      if (points.length > 0) byName.set(metric.descriptor.name, points);
    }
  }
  return byName;
}

const gaugeValue = (points: Map<string, Point[]>, name: string, product?: string): number | undefined =>
  points.get(name)?.find((point) => point.attributes.product === product)?.value;

test('before the first snapshot no gauge reports a made-up zero', async () => {
  expect([...(await collect()).keys()]).toEqual([]);
});

test('on an empty platform every gauge is reported, with all three products at 0', async () => {
  await refreshSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  const points = await collect();
  expect([...points.keys()].sort()).toEqual(
    Object.values(SNAPSHOT_METRICS)
      .map((metric) => metric.name)
      .sort(),
  );
  // Each gauge's points carry exactly its catalog labels, every value of them present.
  const watchLabels = ['ativo', 'pausado', 'removido'].flatMap((estado) =>
    ['pessoa', 'matricula'].map((tipo) => `${estado}/${tipo}`),
  );
  const expectedLabels: Partial<Record<string, string[]>> = {
    product: [...FONTES],
    'estado,tipo': watchLabels,
    outcome: [
      ...['em_andamento', 'primeira', 'sem_alteracao', 'alteracao', 'atrasada', 'falhou'],
      ...['nao_executada_saldo', 'adiada_por_bloqueio'],
    ],
  };
  for (const metric of Object.values<MetricDefinition>(SNAPSHOT_METRICS)) {
    const labels = points
      .get(metric.name)
      ?.map((point) => metric.labels.map((key) => String(point.attributes[key])).join('/'));
    const keys = Object.keys(points.get(metric.name)?.[0]?.attributes ?? {});
    expect({ metric: metric.name, keys }).toEqual({ metric: metric.name, keys: [...metric.labels] });
    expect({ metric: metric.name, labels: labels?.sort() }).toEqual({
      metric: metric.name,
      labels: (expectedLabels[metric.labels.join(',')] ?? ['']).sort(),
    });
  }
  for (const fonte of FONTES) {
    expect(gaugeValue(points, SNAPSHOT_METRICS.queuedOrders.name, fonte)).toBe(0);
    expect(gaugeValue(points, SNAPSHOT_METRICS.queueOldestAge.name, fonte)).toBe(0);
    expect(gaugeValue(points, SNAPSHOT_METRICS.productInService.name, fonte)).toBe(1);
  }
  expect(gaugeValue(points, SNAPSHOT_METRICS.searchCeiling.name)).toBe(50);
  expect(gaugeValue(points, SNAPSHOT_METRICS.ledgerInvariantViolations.name)).toBe(0);
});

test('the gauges follow the stored row: queue, balances, age of the snapshot and what it cost', async () => {
  const account = await fundedAccount(database.db, 10_000);
  await acceptPaidOrder(database.db, {
    accountId: account,
    fonte: 'certidao-inteiro-teor',
    priceCentavos: 3_000,
    at: clock.now(),
  });
  await database.db
    .insertInto('registry_reconciliation')
    .values({ period_from: new Date(0), period_to: clock.now(), month: null, mismatches: 2, totals: '{}' })
    .execute();
  clock.advance(SNAPSHOT_SETTINGS.intervalMs);
  expect(await refreshSnapshot(database.db, clock, SNAPSHOT_SETTINGS)).toBe('computed');
  const stored = await readSnapshot(database.db);
  if (stored === undefined) throw new Error('no snapshot stored');
  clock.advance(4_000);
  const points = await collect();
  expect(gaugeValue(points, SNAPSHOT_METRICS.queuedOrders.name, 'certidao-inteiro-teor')).toBe(1);
  expect(gaugeValue(points, SNAPSHOT_METRICS.queuedOrders.name, 'pesquisa-previa-bens')).toBe(0);
  expect(gaugeValue(points, SNAPSHOT_METRICS.expectedWait.name, 'pesquisa-previa-bens')).toBe(10);
  expect(gaugeValue(points, SNAPSHOT_METRICS.customerBalances.name)).toBe(7_000);
  expect(gaugeValue(points, SNAPSHOT_METRICS.registryReconciliationMismatches.name)).toBe(2);
  expect(gaugeValue(points, SNAPSHOT_METRICS.outboxBacklog.name)).toBe(stored.figures.outboxBacklog);
  expect(gaugeValue(points, SNAPSHOT_METRICS.snapshotAge.name)).toBe(4);
  expect(gaugeValue(points, SNAPSHOT_METRICS.snapshotDuration.name)).toBe(stored.durationMs / 1000);
});

test('a scrape reads the row at most once per cache period, however many collections ask', async () => {
  let now = 0;
  let rowReads = 0;
  const source = cachedSnapshotSource(
    () => {
      rowReads += 1;
      return readSnapshot(database.db);
    },
    { logger: silentLogger(), cacheMs: 1_000, monotonicMs: () => now },
  );
  const [first, second] = await Promise.all([source(), source()]);
  expect(second).toBe(first);
  now = 999;
  await source();
  expect(rowReads).toBe(1);
  now = 2_000;
  await source();
  expect(rowReads).toBe(2);
});

test('a row that cannot be read (the database down) serves the last one read', async () => {
  let fail = false;
  const source = cachedSnapshotSource(
    async () => {
      if (fail) throw new Error('connection refused');
      return readSnapshot(database.db);
    },
    { logger: silentLogger(), cacheMs: 0 },
  );
  const good = await source();
  fail = true;
  expect(await source()).toBe(good);
});
