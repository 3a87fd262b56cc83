import { lastCatalogSync } from '@regapi/catalog';
import { magicCpf } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { type Harness, startHarness } from './support/harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

interface SearchData {
  nada_consta: boolean;
  provisorio: boolean;
  resultado: string;
  cobertura: { retries_pendentes: boolean; leitura_parcial: boolean; retries_realizados: number };
}

test('a provisional negative is delivered as such and revised by the follow-up check when the origin closes it', async () => {
  // A UF whose offices are all in service, so a closed search there reads every office (full coverage).
  const { rows } = await sql<{ uf: string }>`
    SELECT uf FROM catalog_office GROUP BY uf HAVING bool_and(disponivel) ORDER BY count(*) DESC LIMIT 1`.execute(
    harness.database.db,
  );
  const uf = rows[0]?.uf;
  if (uf === undefined) throw new Error('no UF with every office in service');

  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('retries-pending'), uf });
  const provisional = await harness.waitForState(order.id, ['finished']);
  expect(provisional.code).toBe(612);
  const first = provisional.result?.data as SearchData;
  // Contract 2.4 / 7.11: not a conclusion while the origin still retries.
  expect(first).toMatchObject({ provisorio: true, nada_consta: false, resultado: 'NEGATIVO' });
  expect(first.cobertura.retries_pendentes).toBe(true);

  // The follow-up lives in PostgreSQL, not in memory.
  const followUp = await harness.database.db
    .selectFrom('scheduled_message')
    .select(['due_at', 'routing_key', 'payload'])
    .where('dedupe_key', '=', `check-order:${order.id}`)
    .executeTakeFirstOrThrow();
  expect(followUp.routing_key).toBe('origin.task.check-order');
  expect(followUp.payload).toMatchObject({ kind: 'check-order', order_id: order.id, reason: 'search-retries' });
  expect(followUp.due_at.getTime() - harness.clock.now().getTime()).toBe(11 * 60_000);
  // The poll announces it (docs/decisions/0051).
  expect(await harness.order(order.id)).toMatchObject({
    revisao: 0,
    revisadoEm: null,
    proximaRevisaoEm: followUp.due_at,
  });

  // The origin closes its retries after 10 minutes; our check comes at 11.
  harness.clock.advance(11 * 60_000 + 1_000);
  const revised = await waitFor(
    async () => {
      const current = await harness.order(order.id);
      return ((current.result?.data ?? {}) as SearchData).provisorio === false ? current : undefined;
    },
    { what: 'the revision' },
  );
  const closed = revised.result?.data as SearchData;
  expect(closed.cobertura.retries_pendentes).toBe(false);
  expect(closed.cobertura.retries_realizados).toBeGreaterThan(0);
  expect(closed.cobertura.leitura_parcial).toBe(false);
  expect(closed).toMatchObject({ provisorio: false, nada_consta: true, resultado: 'NEGATIVO' });
  expect(revised.code).toBe(612);
  expect(revised.numeroPedido).toBe(provisional.numeroPedido);
  expect(revised).toMatchObject({ revisao: 1, revisadoEm: harness.clock.now(), proximaRevisaoEm: null });
  expect(
    harness.reports.filter((entry) => entry.task.kind === 'check-order').map((entry) => entry.report),
  ).toContainEqual({ kind: 'check-order', report: { kind: 'revised', code: 612, provisorio: false } });
});
