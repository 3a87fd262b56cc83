import { randomUUID } from 'node:crypto';
import { compareFinishedRuns } from '../src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { call, newAccount, newToken } from './support/test-gateway';
import { createWatch, finishRunOrder, found, RECORD_PEDIDO, useWatchRunGateway } from './support/watch-runs';

// A finished run is compared with the watch's earlier runs once (issue 30; docs/decisions/0162, 0164): its outcome and
// diff written once, and a change enqueues exactly one `watch.changed`, whatever passes race.

const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };

const DAY_MS = 86_400_000;

const { database, gateway, clock, deps, passAtNextRun } = useWatchRunGateway();

const outcomes = async (watchId: string) =>
  (
    await database.db
      .selectFrom('watch_run')
      .select(['outcome', 'diff', 'reason'])
      .where('watch_id', '=', watchId)
      .orderBy('planned_at')
      .execute()
  ).map((row) => row.outcome);

const changeMessages = async (watchId: string) =>
  (
    await database.db
      .selectFrom('outbox')
      .select(['routing_key', 'payload'])
      .where('routing_key', '=', 'watch.changed')
      .execute()
  ).filter((row) => (row.payload as { watch_id?: string }).watch_id === watchId);

/** The next run: the clock moved to it, placed by a pass. */
async function nextRun(day: number): Promise<void> {
  clock.offsetMs = day * DAY_MS + 1_000;
  await placeDueWatchRuns(deps());
}

const compare = () => compareFinishedRuns({ db: database.db, clock, documents: undefined });

/** A new account's watch, created with a token of `scope`. */
async function watchOfNewAccount(scope: string, body: Record<string, unknown>) {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '1000.00');
  const { token } = await newToken(gateway.adminUrl, accountId, [scope]);
  return { accountId, token, watchId: await createWatch(gateway.url, token, body) };
}

test('first, unchanged, changed (one event, racing passes), and a run that concluded nothing', async () => {
  const { accountId, token, watchId } = await watchOfNewAccount('consultas:pesquisa-previa-bens', {
    tipo: 'pessoa',
    frequencia: 'diaria',
    referencia: 'carteira-7',
    pedido: PESSOA,
  });

  await placeDueWatchRuns(deps());
  // An order still queued is not compared.
  expect(await compare()).toEqual({ compared: 0, changed: 0, 'moved-on': 0 });
  expect(await outcomes(watchId)).toEqual(['em_andamento']);
  await finishRunOrder(database.db, watchId, found('1001', '1002'), clock.now());
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira']);

  await nextRun(1);
  await finishRunOrder(database.db, watchId, found('1002', '1001'), clock.now());
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao']);
  expect(await changeMessages(watchId)).toEqual([]);

  await nextRun(2);
  await finishRunOrder(database.db, watchId, found('1001', '1003'), clock.now());
  await Promise.all([compare(), compare(), compare()]);
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao']);
  const messages = await changeMessages(watchId);
  expect(messages).toHaveLength(1);
  const payload = messages[0]?.payload as Record<string, unknown>;
  expect(payload).toEqual(
    expect.objectContaining({ account_id: accountId, watch_id: watchId, tipo: 'pessoa', referencia: 'carteira-7' }),
  );
  expect(payload.resumo).toBe('1 imóvel novo em SP; 1 deixou de constar em SP.');
  const diff = payload.diff as {
    ufs: { uf: string; novos: { matricula: string }[]; deixaram_de_constar: { matricula: string }[] }[];
  };
  expect(diff.ufs).toEqual([
    expect.objectContaining({
      uf: 'SP',
      novos: [expect.objectContaining({ matricula: '1003' })],
      deixaram_de_constar: [expect.objectContaining({ matricula: '1002' })],
    }),
  ]);
  const history = await call(`${gateway.url}/v1/monitoramentos/${watchId}/execucoes`, { token });
  expect(history.body.data[0]).toEqual(
    expect.objectContaining({
      execucoes: expect.arrayContaining([
        expect.objectContaining({
          resultado: 'alteracao',
          diferencas: expect.objectContaining({ resumo: payload.resumo }),
        }),
      ]),
    }),
  );

  await nextRun(3);
  await finishRunOrder(database.db, watchId, null, clock.now());
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao', 'falhou']);
  // A failed UF is not a disappearance: the next conclusion is compared with the last one (1001, 1003).
  await nextRun(4);
  await finishRunOrder(database.db, watchId, found('1001', '1003'), clock.now());
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao', 'falhou', 'sem_alteracao']);
  expect(await changeMessages(watchId)).toHaveLength(1);
});

test('a record watch: compared with the last delivered text, a new act is a change', async () => {
  const { watchId } = await watchOfNewAccount('consultas:visualizacao-matricula', {
    tipo: 'matricula',
    frequencia: 'semanal',
    pedido: RECORD_PEDIDO,
  });
  const delivered = (conteudo: string) => ({ status_consulta: 'SUCESSO' as const, dados: { conteudo } });

  clock.offsetMs = 0;
  await placeDueWatchRuns(deps());
  await finishRunOrder(database.db, watchId, delivered('R.1 - VENDA a João.'), clock.now());
  await compare();
  // The next run is planned past the first run's repeat block (decision 0177).
  await passAtNextRun(watchId);
  await finishRunOrder(database.db, watchId, delivered('R.1 - VENDA a João.\nR.2 - HIPOTECA ao Banco.'), clock.now());
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'alteracao']);
  const [message] = await changeMessages(watchId);
  expect(message?.payload).toEqual(expect.objectContaining({ watch_id: watchId, tipo: 'matricula' }));
});
