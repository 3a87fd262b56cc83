import { randomUUID } from 'node:crypto';
import { createUser, readConsoleAudit, setWatchChangeMail, watchChangeMailOn } from '@regapi/console-auth';
import type { WatchDiffMatricula } from '@regapi/contracts';
import { changeMail } from '../src/monitoramentos/runs/change-mail';
import { compareFinishedRuns } from '../src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { call, newAccount, newToken } from './support/test-gateway';
import { finishRunOrder, found, useWatchRunGateway } from './support/watch-runs';

// A change e-mails the watch's account's opted-in, active console users (issue 30; docs/decisions/0169): one message
// per user per change, written in the transaction that records the run's outcome, whatever passes race; nothing for
// a first run, no change, a user who did not opt in, a disabled user or another account's user.

const PESSOA = { cpf_cnpj: '52998224725', uf: 'SP' };
const DAY_MS = 86_400_000;
const CONSOLE_URL = 'https://console.exemplo.com.br';

const { database, gateway, clock, deps } = useWatchRunGateway();

const mailsOf = async (accountId: string) =>
  database.db
    .selectFrom('console_mail')
    .select(['recipient', 'subject', 'body'])
    .where('account_id', '=', accountId)
    .orderBy('recipient')
    .execute();

async function nextRun(day: number): Promise<void> {
  clock.offsetMs = day * DAY_MS + 1_000;
  await placeDueWatchRuns(deps());
}

test('a change: one e-mail per opted-in, active user, even with racing comparisons; none before', async () => {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '1000.00');
  const otherAccountId = await newAccount(gateway.adminUrl, `Outra ${randomUUID()}`, '10.00');
  const tag = randomUUID().slice(0, 8);
  const user = (email: string, role: 'administrador' | 'consulta', account = accountId) =>
    createUser(database.db, clock, { accountId: account, email: `${email}.${tag}@exemplo.com.br`, role });
  const ana = await user('ana', 'administrador');
  const bruno = await user('bruno', 'consulta');
  await user('carla', 'consulta');
  const desligada = await user('desligada', 'consulta');
  const outra = await user('outra', 'administrador', otherAccountId);
  const me = (person: { id: string; accountId: string }) => ({ userId: person.id, accountId: person.accountId });
  for (const person of [ana, bruno, desligada, outra]) {
    expect(await setWatchChangeMail(database.db, clock, me(person), true)).toBe(true);
  }
  // Set again: nothing changes, nothing is audited twice.
  expect(await setWatchChangeMail(database.db, clock, me(ana), true)).toBe(false);
  expect(await watchChangeMailOn(database.db, ana.id)).toBe(true);
  await database.db
    .updateTable('console_user')
    .set({ disabled_at: clock.now() })
    .where('id', '=', desligada.id)
    .execute();
  const audit = await readConsoleAudit(database.db, accountId, { limit: 50, offset: 0 });
  expect(audit.rows.filter((row) => row.action === 'watch-mail.enable')).toHaveLength(3);

  const { token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const created = await call(`${gateway.url}/v1/monitoramentos`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { tipo: 'pessoa', frequencia: 'diaria', referencia: 'garantia-42', pedido: PESSOA },
  });
  expect(created.status).toBe(201);
  const watchId = String(created.body.data[0]?.id);
  const compare = () =>
    compareFinishedRuns({ db: database.db, clock, documents: undefined, changeMail: { consoleUrl: CONSOLE_URL } });

  await placeDueWatchRuns(deps());
  await finishRunOrder(database.db, watchId, found('1001', '1002'), clock.now());
  await compare();
  expect(await mailsOf(accountId)).toEqual([]);

  await nextRun(1);
  await finishRunOrder(database.db, watchId, found('1002', '1001'), clock.now());
  await compare();
  expect(await mailsOf(accountId)).toEqual([]);

  await nextRun(2);
  await finishRunOrder(database.db, watchId, found('1001', '1003'), clock.now());
  const plannedAt = (
    await database.db
      .selectFrom('watch_run')
      .select('planned_at')
      .where('watch_id', '=', watchId)
      .where('outcome', '=', 'em_andamento')
      .executeTakeFirstOrThrow()
  ).planned_at;
  const results = await Promise.all([compare(), compare(), compare()]);
  expect(results.reduce((sum, counts) => sum + counts.changed, 0)).toBe(1);
  // A later pass finds nothing more to send.
  await compare();

  const mails = await mailsOf(accountId);
  expect(mails.map((mail) => mail.recipient)).toEqual([ana.email, bruno.email]);
  expect(await mailsOf(otherAccountId)).toEqual([]);
  const [mail] = mails;
  expect(mail?.subject).toBe('Alteração em monitoramento: garantia-42');
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(plannedAt);
  expect(mail?.body).toBe(
    [
      'Um monitoramento da sua conta encontrou uma alteração.',
      '',
      'Monitoramento: garantia-42',
      'O que é monitorado: 529.982.247-25 — SP',
      `Execução planejada para: ${when} (horário de Brasília)`,
      '',
      'Resumo: 1 imóvel novo em SP; 1 deixou de constar em SP.',
      '',
      'Imóveis que apareceram em SP:',
      '- Matrícula 1003, 2º Registro de Imóveis de Campinas (Campinas/SP)',
      '',
      'Imóveis que deixaram de constar em SP:',
      '- Matrícula 1002, 2º Registro de Imóveis de Campinas (Campinas/SP)',
      '',
      `Veja o histórico no console: ${CONSOLE_URL}/monitoramentos/${watchId}`,
      '',
      'Você recebe este e-mail porque ativou os avisos por e-mail de alterações em monitoramentos em Minha conta.',
      `Para deixar de recebê-los, desative-os em ${CONSOLE_URL}/seguranca.`,
      '',
    ].join('\n'),
  );
  expect(mails[1]?.body).toBe(mail?.body);

  // Turned off: the next change e-mails only the one still opted in.
  expect(await setWatchChangeMail(database.db, clock, me(bruno), false)).toBe(true);
  await nextRun(3);
  await finishRunOrder(database.db, watchId, found('1001', '1004'), clock.now());
  await compare();
  expect((await mailsOf(accountId)).map((row) => row.recipient)).toEqual([ana.email, ana.email, bruno.email]);
});

test('a record change in plain text: new and changed acts, a watch without a reference', () => {
  const diff: WatchDiffMatricula = {
    tipo: 'matricula',
    resultado: 'alteracao',
    resumo: '1 ato novo (R.5); 1 ato alterado (AV.2).',
    comparacao: 'texto',
    aviso: null,
    atos_novos: [{ ato: 'R.5', tipo: 'R', numero: 5, natureza: 'venda', texto: 'Venda a Fulano de Tal.' }],
    atos_alterados: [{ ato: 'AV.2', natureza: null, antes: 'Texto antigo.', depois: 'Texto novo.' }],
    atos_removidos: [],
    anomalias: [],
    documento_anterior: null,
    documento_atual: null,
  };
  const mail = changeMail(
    {
      id: 'w-1',
      kind: 'matricula',
      referencia: null,
      request: { imovel_matricula: '12345', imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' },
    },
    new Date('2026-11-24T12:05:00Z'),
    diff,
    { consoleUrl: `${CONSOLE_URL}/` },
  );
  expect(mail.subject).toBe('Alteração em monitoramento: Matrícula 12345, 2º ofício de Campinas/SP');
  expect(mail.body).toContain('Monitoramento: sem referência\n');
  expect(mail.body).toContain('Execução planejada para: 24/11/2026, 09:05 (horário de Brasília)\n');
  expect(mail.body).toContain(
    'Resumo: 1 ato novo (R.5); 1 ato alterado (AV.2).\n\nAtos novos:\n- R.5 (venda):\n  Venda a Fulano de Tal.\n\n' +
      'Atos alterados:\n- AV.2:\n  Antes: Texto antigo.\n  Agora: Texto novo.\n\n',
  );
  expect(mail.body).toContain(`${CONSOLE_URL}/monitoramentos/w-1\n`);
});
