import { randomUUID } from 'node:crypto';
import type { Database } from '@regapi/db';
import type { SearchResult } from '@regapi/orders';
import { Kysely, PostgresDialect } from 'kysely';
import type { AcceptanceDeps } from '../src/executions/acceptance';
import { compareFinishedRuns } from '../src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { loadQuoteCatalog } from './support/quote-catalog';
import { newAccount, newToken, useTestGateway } from './support/test-gateway';
import { createWatch, finishRunOrder, found, shiftedClock, watchRunDeps } from './support/watch-runs';

// A comparison pass costs the same statements whatever the number of runs it compares (issue 30; docs/decisions/0164):
// the finished runs, their orders and their watches' earlier runs are read set-based, the outcomes written in one
// transaction, and a run still waiting for its orders is not read again run by run. Racing passes still compare once.

const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const DAY_MS = 86_400_000;

const { database, gateway } = useTestGateway();
const clock = shiftedClock();
let deps: AcceptanceDeps;
/** Every statement sent to PostgreSQL through `counted` (transaction control included). */
let statements = 0;
let counted: Kysely<Database>;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  deps = watchRunDeps(database.db, clock);
  // The test database's pool, under a Kysely that counts what it sends; the pool is closed with the database.
  counted = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: () => {
      statements += 1;
    },
  });
});

async function watches(count: number): Promise<string[]> {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '100000.00');
  const { token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(await createWatch(gateway.url, token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA }));
  }
  return ids;
}

/** The statements of one pass, and what it did. */
async function countedPass() {
  statements = 0;
  const result = await compareFinishedRuns({ db: counted, clock, documents: undefined });
  return { statements, ...result };
}

async function finish(ids: readonly string[], result: SearchResult): Promise<void> {
  for (const id of ids) await finishRunOrder(database.db, id, result, clock.now());
}

const changeEvents = async () =>
  Number(
    (
      await database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('routing_key', '=', 'watch.changed')
        .executeTakeFirstOrThrow()
    ).n,
  );

const outcomes = async (ids: readonly string[]) =>
  (
    await database.db
      .selectFrom('watch_run')
      .select('outcome')
      .where('watch_id', 'in', ids)
      .orderBy('planned_at')
      .execute()
  ).map((row) => row.outcome);

/** A day's runs placed, then one pass over `one`'s finished run and one over `fifty`'s, each counted. */
async function passesOnDay(day: number, result: SearchResult, one: readonly string[], fifty: readonly string[]) {
  clock.offsetMs = day * DAY_MS + 1_000;
  await placeDueWatchRuns(deps);
  await finish(one, result);
  const ofOne = await countedPass();
  await finish(fifty, result);
  return { ofOne, ofFifty: await countedPass() };
}

test('a pass over 50 runs costs the statements of a pass over 1, waiting runs aside; racing passes compare once', async () => {
  const one = await watches(1);
  const fifty = await watches(50);
  // Runs whose orders never finish: waiting, every pass, for the whole test.
  await watches(10);

  const first = await passesOnDay(0, found('1001'), one, fifty);
  expect(first.ofOne).toMatchObject({ compared: 1, changed: 0 });
  expect(first.ofFifty).toMatchObject({ compared: 50, changed: 0 });
  expect(first.ofFifty.statements).toBe(first.ofOne.statements);

  const changes = await passesOnDay(1, found('1002'), one, fifty);
  expect(changes.ofOne).toMatchObject({ compared: 0, changed: 1 });
  expect(changes.ofFifty).toMatchObject({ compared: 0, changed: 50 });
  expect(changes.ofFifty.statements).toBe(changes.ofOne.statements);
  expect(await changeEvents()).toBe(51);

  // Two replicas' passes racing over the same 50 changes: each run written once, one event each.
  clock.offsetMs = 2 * DAY_MS + 1_000;
  await placeDueWatchRuns(deps);
  await finish(fifty, found('1003'));
  const passes = await Promise.all([
    compareFinishedRuns({ db: database.db, clock, documents: undefined }),
    compareFinishedRuns({ db: database.db, clock, documents: undefined }),
  ]);
  expect(passes.reduce((sum, pass) => sum + pass.changed, 0)).toBe(50);
  expect(await changeEvents()).toBe(101);
  const ofFifty = await outcomes(fifty);
  expect(ofFifty.filter((outcome) => outcome === 'alteracao')).toHaveLength(100);
  expect(ofFifty.filter((outcome) => outcome === 'primeira')).toHaveLength(50);
});
