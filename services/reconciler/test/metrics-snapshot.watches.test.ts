import { ManualClock } from '@regapi/calendar';
import type { WatchEstadoColumn, WatchKindColumn, WatchRunOutcomeColumn } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { computeSnapshot } from '../src';
import { acceptPaidOrder, fundedAccount, SNAPSHOT_SETTINGS } from './support/snapshot-fixtures';

// Issue 30, ops (docs/decisions/0168): property monitoring's figures in the pipeline snapshot — watches by estado and
// tipo, runs of the last day by outcome, late runs of the last hour, and the origin session's hour spent on watch
// runs — from rows as the monitoring API and the gateway's run job write them, against a real PostgreSQL.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const database = useTestDatabase();
const clock = new ManualClock(new Date(Date.now() + 5 * MINUTE));
const ago = (ms: number): Date => new Date(clock.now().getTime() - ms);

async function watch(accountId: string, kind: WatchKindColumn, estado: WatchEstadoColumn): Promise<string> {
  const row = await database.db
    .insertInto('watch')
    .values({
      account_id: accountId,
      kind,
      request: JSON.stringify(kind === 'pessoa' ? { cpf_cnpj: '52998224725', uf: 'SP' } : { matricula: '1234' }),
      frequencia: 'semanal',
      estado,
      referencia: null,
      next_run_at: estado === 'ativo' ? ago(-HOUR) : null,
      created_at: ago(30 * 24 * HOUR),
      paused_at: estado === 'pausado' ? ago(HOUR) : null,
      removed_at: estado === 'removido' ? ago(HOUR) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An answered (or, with `answeredAgo` null, open) origin call of `orderId`. */
async function originCall(orderId: string, startedAgo: number, answeredAgo: number | null): Promise<void> {
  await database.db
    .insertInto('origin_order_attempt')
    .values({
      id: crypto.randomUUID(),
      order_id: orderId,
      fonte: 'pesquisa-previa-bens',
      started_at: ago(startedAgo),
      answered_at: answeredAgo === null ? null : ago(answeredAgo),
      outcome: answeredAgo === null ? null : 'ok',
      numero_pedido: null,
      // An answered call is resolved; an open one is the order's one intent in doubt (migration 0037).
      resolved_at: answeredAgo === null ? null : ago(answeredAgo),
      resolution: answeredAgo === null ? null : 'not-placed',
    })
    .execute();
}

test('no watch: every estado, tipo and outcome reported at 0, no session time used', async () => {
  const { figures } = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  const none = { pessoa: 0, matricula: 0 };
  expect(figures.watches).toEqual({ ativo: none, pausado: none, removido: none });
  expect(Object.values(figures.watchRunsLastDay)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  expect(Object.keys(figures.watchRunsLastDay).sort()).toEqual(
    [
      'adiada_por_bloqueio',
      'alteracao',
      'atrasada',
      'em_andamento',
      'falhou',
      'nao_executada_saldo',
      'primeira',
      'sem_alteracao',
    ].sort(),
  );
  expect(figures.watchRunsLateLastHour).toBe(0);
  expect(figures.watchOriginSessionShare).toBe(0);
});

test('watches by estado and tipo, runs of the last day by outcome, late runs of the last hour, session share', async () => {
  const account = await fundedAccount(database.db, 100_000);
  const active = await watch(account, 'pessoa', 'ativo');
  await watch(account, 'pessoa', 'ativo');
  await watch(account, 'matricula', 'pausado');
  await watch(account, 'pessoa', 'removido');

  // Runs as the job records them (created_at: when it wrote the row); one of 25 h ago is outside the day.
  const runs: readonly [WatchRunOutcomeColumn, number][] = [
    ['primeira', 25 * HOUR],
    ['sem_alteracao', 23 * HOUR],
    ['alteracao', 2 * HOUR],
    ['atrasada', 3 * HOUR],
    ['atrasada', 30 * MINUTE],
    ['nao_executada_saldo', 10 * MINUTE],
    ['em_andamento', MINUTE],
  ];
  for (const [outcome, recordedAgo] of runs) {
    await database.db
      .insertInto('watch_run')
      .values({
        watch_id: active,
        planned_at: ago(recordedAgo + MINUTE),
        order_id: null,
        outcome,
        reason: outcome === 'atrasada' ? 'sem capacidade ociosa na janela' : null,
        created_at: ago(recordedAgo),
      })
      .execute();
  }

  // Session time: watch runs' answered calls within the hour, one clipped at its start; an open call and a
  // customer's own order are not counted.
  const accept = () =>
    acceptPaidOrder(database.db, {
      accountId: account,
      fonte: 'pesquisa-previa-bens',
      priceCentavos: 900,
      at: ago(2 * HOUR),
    });
  const [run1, run2, run3, own] = [await accept(), await accept(), await accept(), await accept()];
  for (const order of [run1, run2, run3])
    await sql`UPDATE orders SET watch_id = ${active} WHERE id = ${order.id}`.execute(database.db);
  await originCall(run1.id, 70 * MINUTE, 50 * MINUTE); // 10 min inside the hour
  await originCall(run2.id, 20 * MINUTE, 18 * MINUTE); // 2 min
  await originCall(run3.id, 5 * MINUTE, null); // still at the origin
  await originCall(own.id, 10 * MINUTE, 8 * MINUTE); // a customer's order
  await originCall(run2.id, 3 * HOUR, 2.5 * HOUR); // before the hour

  const { figures } = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  expect(figures.watches).toEqual({
    ativo: { pessoa: 2, matricula: 0 },
    pausado: { pessoa: 0, matricula: 1 },
    removido: { pessoa: 1, matricula: 0 },
  });
  expect(figures.watchRunsLastDay).toEqual({
    em_andamento: 1,
    primeira: 0,
    sem_alteracao: 1,
    alteracao: 1,
    atrasada: 2,
    falhou: 0,
    nao_executada_saldo: 1,
    adiada_por_bloqueio: 0,
  });
  expect(figures.watchRunsLateLastHour).toBe(1);
  expect(figures.watchOriginSessionShare).toBeCloseTo(12 / 60, 9);
});

test('late runs of the last hour also count placed runs found not started by the end of their window', async () => {
  const account = await fundedAccount(database.db, 100_000);
  const active = await watch(account, 'pessoa', 'ativo');
  const { figures: before } = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  // Placed days ago (created_at outside the hour) and found late since (decision 0172): by `late_at`, whatever the
  // outcome the comparison wrote later; one found late two hours ago is outside the hour.
  const placed: readonly [WatchRunOutcomeColumn, number | null][] = [
    ['em_andamento', 20 * MINUTE],
    ['sem_alteracao', 10 * MINUTE],
    ['em_andamento', 2 * HOUR],
    ['em_andamento', null],
  ];
  for (const [index, [outcome, lateAgo]] of placed.entries()) {
    await database.db
      .insertInto('watch_run')
      .values({
        watch_id: active,
        planned_at: ago((3 + index) * 24 * HOUR),
        order_id: null,
        outcome,
        reason: null,
        created_at: ago((3 + index) * 24 * HOUR),
        late_at: lateAgo === null ? null : ago(lateAgo),
        late_reason: lateAgo === null ? null : 'não começou na janela: sem capacidade ociosa da origem',
      })
      .execute();
  }
  const { figures } = await computeSnapshot(database.db, clock, SNAPSHOT_SETTINGS);
  expect(figures.watchRunsLateLastHour - before.watchRunsLateLastHour).toBe(2);
});
