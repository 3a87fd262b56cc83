import { cpfCheckDigits } from '@regapi/br';
import { lastCatalogSync } from '@regapi/catalog';
import { runTimesFromJson, TYPICAL_RUN_MS } from '@regapi/orders';
import type { OriginPortal } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

// Issue 16 through the real runner, simulator and PostgreSQL (docs/decisions/0085, 0086): what the origin receives
// next is chosen fairly across customer accounts, FIFO within each, by the weights of their plans.

jest.setTimeout(120_000);

/** The n-th valid CPF of a test series: each order's search is told apart at the origin by its CPF. */
function cpf(series: number, n: number): string {
  const base = `${series}${String(n).padStart(8, '0')}`;
  return `${base}${cpfCheckDigits(base)}`;
}

/** Holds the first call of `operation` at the portal until `release`: the session is busy while orders queue. */
function gateFirst(operation: 'searchProperties' | 'orderRecordView'): {
  wrap: (portal: OriginPortal) => OriginPortal;
  started: Promise<void>;
  release: () => void;
} {
  let started: () => void = () => undefined;
  let release: () => void = () => undefined;
  const startedPromise = new Promise<void>((resolve) => {
    started = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  const wrap = (portal: OriginPortal): OriginPortal => {
    const original = portal[operation] as (...args: unknown[]) => Promise<unknown>;
    return {
      ...portal,
      [operation]: async (...args: unknown[]) => {
        calls += 1;
        if (calls === 1) {
          started();
          await gate;
        }
        return original.apply(portal, args);
      },
    };
  };
  return { wrap, started: startedPromise, release };
}

async function newAccount(harness: Harness, plan: 'padrao' | 'volume' | 'parceiro'): Promise<string> {
  const row = await harness.database.db
    .insertInto('account')
    .values({ name: `fair ${plan} ${crypto.randomUUID()}`, plan_id: plan })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('a newcomer behind a big backlog', () => {
  let harness: Harness;
  const gate = gateFirst('searchProperties');

  beforeAll(async () => {
    // queueSyncMs 0: every decision reads what was queued, so the test knows what the runner saw when the gate opens.
    harness = await startHarness({ wrapPortal: gate.wrap, settings: { queueSyncMs: 0 } });
    await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
  });

  afterAll(async () => {
    await harness.close();
  });

  test('100 searches of one account, then one of another: the other runs next, the big one keeps its order', async () => {
    const big = await newAccount(harness, 'padrao');
    const small = await newAccount(harness, 'padrao');
    const bigOrders = [await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(1, 0), uf: 'SP' }, 5_000, big)];
    await gate.started;
    for (let i = 1; i < 100; i++) {
      bigOrders.push(await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(1, i), uf: 'SP' }, 5_000, big));
    }
    const newcomer = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(2, 0), uf: 'RJ' }, 5_000, small);
    // The schedule origin-session publishes (decision 0089) already says so while the session is busy: the newcomer
    // starts before the big account's second search, which a poll of each reads.
    const forecasts = await waitFor(
      async () => {
        const rows = await harness.database.db.selectFrom('order_forecast').selectAll().execute();
        return rows.length === 100 ? new Map(rows.map((row) => [row.order_id, row.start_at.getTime()])) : undefined;
      },
      { timeoutMs: 20_000, what: 'the forecasts of the 99 queued searches and the newcomer' },
    );
    const second = bigOrders[1];
    if (second === undefined) throw new Error('no second order');
    expect(forecasts.get(newcomer.id)).toBeLessThan(forecasts.get(second.id) ?? 0);
    gate.release();

    await harness.waitForState(newcomer.id, ['finished', 'archiving'], 30_000);
    // The ceiling (50 an hour) holds the rest of the backlog: 50 placed at this instant, the newcomer among them.
    await waitFor(
      async () =>
        (await harness.receivedOrders()).filter((e) => e.operation === 'search').length === 50 ? true : undefined,
      { timeoutMs: 30_000, what: '50 searches at the origin' },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = (await harness.receivedOrders()).filter((entry) => entry.operation === 'search');
    const cpfs = received.map((entry) => String(entry.input.documento ?? '').replace(/\D/g, ''));
    expect(cpfs).toHaveLength(50);
    // The big account's first search was in flight; the newcomer's came right after it, not after 99 others.
    expect(cpfs.indexOf(cpf(2, 0))).toBe(1);
    // FIFO within the big account: its searches reached the origin in acceptance order.
    const bigSeen = cpfs.filter((each) => each.startsWith('1'));
    expect(bigSeen).toEqual(Array.from({ length: 49 }, (_, i) => cpf(1, i)));
    // The other 51 wait, queued and untouched (never failed), for the next hour.
    const states = await Promise.all(bigOrders.slice(49).map((order) => harness.order(order.id)));
    expect(states.every((order) => order.state === 'queued' && order.attempts === 0)).toBe(true);
    // 50 searches answered: the schedule now advances by their measured time, not the typical 72 s (decision 0098),
    // and says so to every reader of the ETAs.
    const measured = await waitFor(
      async () => {
        const row = await harness.database.db.selectFrom('fair_schedule').select('run_ms').executeTakeFirst();
        const ms = runTimesFromJson(row?.run_ms)['pesquisa-previa-bens'];
        return ms < TYPICAL_RUN_MS['pesquisa-previa-bens'] ? ms : undefined;
      },
      { timeoutMs: 20_000, what: 'a schedule published with the measured search time' },
    );
    expect(measured).toBeGreaterThan(0);
  });
});

describe('weights from the plans', () => {
  let harness: Harness;
  const gate = gateFirst('orderRecordView');

  beforeAll(async () => {
    harness = await startHarness({ wrapPortal: gate.wrap, settings: { queueSyncMs: 0 } });
    await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
  });

  afterAll(async () => {
    await harness.close();
  });

  test('two backlogged accounts, Parceiro (weight 4) and Padrão (1): record views go 4 to 1 while both wait', async () => {
    const partner = await newAccount(harness, 'parceiro');
    const standard = await newAccount(harness, 'padrao');
    const owners = await harness.control.samples();
    const view = (index: number) => propertyRequest(owners[index % 5], { matricula: `${90_000 + index}` });
    const first = await harness.accept('visualizacao-matricula', view(0), 5_000, standard);
    await gate.started;
    const owner = new Map<string, 'partner' | 'standard'>([[first.id, 'standard']]);
    for (let i = 1; i <= 30; i++) {
      owner.set((await harness.accept('visualizacao-matricula', view(i), 5_000, standard)).id, 'standard');
      owner.set((await harness.accept('visualizacao-matricula', view(100 + i), 5_000, partner)).id, 'partner');
    }
    gate.release();
    // The runner's reports come in the order it ran the orders (one at a time).
    const ran = () =>
      harness.reports
        .filter((each) => each.task.kind === 'run-order' && each.report.kind === 'run-order')
        .filter((each) => each.report.kind === 'run-order' && each.report.report.kind !== 'skipped')
        .map((each) => owner.get(Reflect.get(each.task, 'order_id') as string));
    await waitFor(() => (ran().length >= 26 ? true : undefined), { timeoutMs: 60_000, what: '26 record views run' });
    const next = ran().slice(1, 26);
    const partnerShare = next.filter((who) => who === 'partner').length;
    // Weighted start-time fair queuing: 4 to 1 within one task of each account (decision 0085's bound).
    expect(partnerShare).toBeGreaterThanOrEqual(19);
    expect(partnerShare).toBeLessThanOrEqual(21);
  });
});
