import { randomUUID } from 'node:crypto';
import { changeWatchState, createWatch, getWatchForAccount, listWatchRuns, newWatch } from '@regapi/orders';
import { useTestDatabase } from '@regapi/testkit';

// The watch tables hold their rules themselves (migration 0048; docs/decisions/0152, 0161), whatever writes them: a
// record watch is never daily, a next run exists exactly while active, one history row per planned run.

const NOW = new Date('2026-03-10T14:30:00.000Z');
const database = useTestDatabase();
const accountId = randomUUID();

beforeAll(async () => {
  await database.db.insertInto('account').values({ id: accountId, name: 'Conta' }).execute();
});

const input = (kind: 'pessoa' | 'matricula', frequencia: 'diaria' | 'semanal' | 'mensal') => ({
  accountId,
  kind,
  request: { cpf_cnpj: '52998224725', uf: 'SP' },
  frequencia,
  referencia: null,
});

test('a record watch is never daily, even written straight to the table', async () => {
  await expect(createWatch(database.db, newWatch(input('matricula', 'diaria'), randomUUID(), NOW))).rejects.toThrow(
    /watch_matricula_not_daily/,
  );
  const weekly = await createWatch(database.db, newWatch(input('matricula', 'semanal'), randomUUID(), NOW));
  expect(weekly).toEqual(expect.objectContaining({ estado: 'ativo', nextRunAt: NOW, createdAt: NOW }));
});

test('a next run exists exactly while active', async () => {
  const watch = await createWatch(database.db, newWatch(input('pessoa', 'diaria'), randomUUID(), NOW));
  await expect(
    database.db.updateTable('watch').set({ next_run_at: null }).where('id', '=', watch.id).execute(),
  ).rejects.toThrow(/watch_planned_when_active/);
  const later = new Date(NOW.getTime() + 3.5 * 86_400_000);
  const paused = await changeWatchState(database.db, { accountId, id: watch.id, action: 'pause' }, later);
  expect(paused).toEqual({ kind: 'done', changed: true, watch: expect.objectContaining({ nextRunAt: null }) });
  const resumed = await changeWatchState(database.db, { accountId, id: watch.id, action: 'resume' }, later);
  // The same schedule: day 4 of it, not 24 h after the resume.
  expect(resumed).toEqual(
    expect.objectContaining({
      watch: expect.objectContaining({ nextRunAt: new Date(NOW.getTime() + 4 * 86_400_000) }),
    }),
  );
  expect(await changeWatchState(database.db, { accountId: randomUUID(), id: watch.id, action: 'remove' }, later)).toBe(
    undefined,
  );
  expect(await getWatchForAccount(database.db, randomUUID(), watch.id)).toBeUndefined();
});

test('one history row per planned run; another account reads no history', async () => {
  const watch = await createWatch(database.db, newWatch(input('pessoa', 'semanal'), randomUUID(), NOW));
  const row = { watch_id: watch.id, planned_at: NOW, order_id: null, outcome: 'primeira' as const, created_at: NOW };
  await database.db.insertInto('watch_run').values(row).execute();
  await expect(database.db.insertInto('watch_run').values(row).execute()).rejects.toThrow(/watch_run_once/);
  await expect(
    database.db
      .insertInto('watch_run')
      .values({ ...row, planned_at: new Date(), outcome: 'desconhecido' as never })
      .execute(),
  ).rejects.toThrow(/check/i);
  const page = await listWatchRuns(database.db, { accountId, watchId: watch.id }, { limit: 10 });
  expect(page?.runs).toEqual([expect.objectContaining({ outcome: 'primeira', plannedAt: NOW, protocolo: null })]);
  expect(await listWatchRuns(database.db, { accountId: randomUUID(), watchId: watch.id }, { limit: 10 })).toBe(
    undefined,
  );
});
