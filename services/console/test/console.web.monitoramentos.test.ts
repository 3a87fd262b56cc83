import { randomUUID } from 'node:crypto';
import { createAccount, topUp } from '@regapi/ledger';
import { createWatch, listAccountWatches, newWatch } from '@regapi/orders';
import { loadQuoteCatalog } from '../../gateway/test/support/quote-catalog';
import type { ConsoleRole } from '../src';
import { createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf } from './support/console-web';
import { useConsole } from './support/use-console';
import { insertSearchHistory } from './support/watch-history';

// Issue 30: the console's Monitoramentos area over the real gateway and PostgreSQL — create through the API's quote and
// creation (the price per run and the month before confirming; the same confirmation twice creates one watch), the
// API's refusals next to their fields, list and filters, the history with its diff, pause, resume and remove (after a
// page that asks); roles without the permission refused, another account's watch a 404, every action audited.

const clock = manualClock();
const { database, server } = useConsole(clock, { gateway: {} });

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
});

async function signedIn(role: ConsoleRole, accountId?: string) {
  const account = accountId ?? (await createAccount(database.db, { name: `Conta ${randomUUID().slice(0, 8)}` })).id;
  await database.db.transaction().execute((trx) => topUp(trx, { accountId: account, amountCentavos: 100_000 }));
  const user = await createTestUser(database.db, clock, { accountId: account, role });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  return { visitor, accountId: account };
}

function nonceOf(page: string): string {
  const match = /name="nonce" value="([^"]+)"/.exec(page);
  if (match?.[1] === undefined) throw new Error('the page has no nonce');
  return match[1];
}

const PERSON = { cpf_cnpj: '529.982.247-25', uf: 'SP', frequencia: 'semanal', referencia: 'contrato-4711' };
const RECORD = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '12345',
  imovel_cartorio: '2',
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
  frequencia: 'mensal',
};

/** The form opened, then its fields posted to `step` (`orcamento` or `criar`) with the form's own nonce. */
async function post(
  visitor: ConsoleVisitor,
  tipo: string,
  step: 'orcamento' | 'criar',
  fields: Record<string, string>,
  nonce?: string,
) {
  const page = await (await visitor.request(`/monitoramentos/novo/${tipo}`)).text();
  return visitor.request(`/monitoramentos/novo/${tipo}/${step}`, {
    form: { csrf: csrfOf(page), nonce: nonce ?? nonceOf(page), ...fields },
  });
}

const auditOf = (accountId: string) =>
  database.db
    .selectFrom('console_audit')
    .select(['action', 'target'])
    .where('account_id', '=', accountId)
    .where('action', 'like', 'watch.%')
    .orderBy('id')
    .execute();

const watchesOf = async (accountId: string) =>
  (await listAccountWatches(database.db, accountId, {}, { limit: 100 })).watches;

test('create: the price per run and the month first; the same confirmation twice creates one watch', async () => {
  const { visitor, accountId } = await signedIn('consulta');
  const quote = await post(visitor, 'pessoa', 'orcamento', PERSON);
  const confirm = await quote.text();
  expect(quote.status).toBe(200);
  expect(confirm).toContain('Confirmar o monitoramento');
  // The product's own quote (fee and margin); the month is 30/7 weekly runs of it, to the centavo.
  expect(confirm).toMatch(/id="preco">R\$\s41,60</);
  expect(confirm).toMatch(/id="mensal">R\$\s178,29</);
  expect(confirm).toContain('4,29 execuções em 30 dias');
  expect(await watchesOf(accountId)).toEqual([]);

  const nonce = nonceOf(confirm);
  const created = await post(visitor, 'pessoa', 'criar', PERSON, nonce);
  expect(created.status).toBe(303);
  const location = created.headers.get('location') ?? '';
  expect(location).toMatch(/^\/monitoramentos\/[0-9a-f-]{36}\?aviso=criado$/);
  const again = await post(visitor, 'pessoa', 'criar', PERSON, nonce);
  expect([again.status, again.headers.get('location')]).toEqual([303, location]);

  const watches = await watchesOf(accountId);
  expect(watches.map((watch) => [watch.kind, watch.frequencia, watch.referencia, watch.request])).toEqual([
    ['pessoa', 'semanal', 'contrato-4711', { cpf_cnpj: '529.982.247-25', uf: 'SP' }],
  ]);
  expect(await auditOf(accountId)).toEqual([{ action: 'watch.create', target: watches[0]?.id }]);

  const detail = await (await visitor.request(location)).text();
  expect(detail).toContain('Monitoramento criado');
  expect(detail).toContain('529.982.247-25 — SP');
  expect(detail).toContain('Nenhuma execução ainda.');
  const list = await (await visitor.request('/monitoramentos')).text();
  expect(list).toContain(`/monitoramentos/${watches[0]?.id}`);
  expect(list).toContain('contrato-4711');
});

test('refusals in Portuguese next to their fields, the first refused field focused; a record offers no daily', async () => {
  const { visitor, accountId } = await signedIn('administrador');
  const bad = await post(visitor, 'pessoa', 'orcamento', { ...PERSON, cpf_cnpj: '111.111.111-12' });
  const page = await bad.text();
  expect(bad.status).toBe(422);
  expect(page).toMatch(/<input id="campo-cpf_cnpj"[^>]*aria-invalid="true" autofocus/);
  expect(page).toMatch(/<small class="erro-campo" id="campo-cpf_cnpj-erro">Dígitos verificadores não conferem/);
  expect(page).toContain('value="111.111.111-12"');

  const form = await (await visitor.request('/monitoramentos/novo/matricula')).text();
  expect(form).toContain('value="semanal"');
  expect(form).not.toContain('value="diaria"');
  const daily = await post(visitor, 'matricula', 'orcamento', { ...RECORD, frequencia: 'diaria' });
  const dailyPage = await daily.text();
  expect(daily.status).toBe(422);
  expect(dailyPage).toMatch(/<select id="campo-frequencia"[^>]*aria-invalid="true"[^>]*autofocus/);
  expect(dailyPage).toContain('id="campo-frequencia-erro"');

  const record = await post(visitor, 'matricula', 'orcamento', RECORD);
  expect(record.status).toBe(200);
  const recordPage = await record.text();
  const perRun = /id="preco">([^<]+)</.exec(recordPage)?.[1];
  expect(perRun).toMatch(/^R\$\s\d+,\d\d$/);
  expect(recordPage).toContain(`id="mensal">${perRun}<`);
  expect(await watchesOf(accountId)).toEqual([]);
});

test('the history: outcomes in plain words, the run order linked, the diff as a table', async () => {
  const { visitor, accountId } = await signedIn('consulta');
  const created = await post(visitor, 'pessoa', 'criar', PERSON);
  const [watch] = await watchesOf(accountId);
  if (watch === undefined) throw new Error(`no watch created (${created.status})`);
  const { protocolo, resumo } = await insertSearchHistory(database.db, watch);
  // The second run was placed in time but not started by the end of its window (decision 0172), then compared.
  await database.db
    .updateTable('watch_run')
    .set({
      late_at: new Date('2026-03-10T15:00:00Z'),
      late_reason: 'não começou na janela: sem capacidade ociosa da origem',
    })
    .where('watch_id', '=', watch.id)
    .where('outcome', '=', 'alteracao')
    .execute();
  const page = await (await visitor.request(`/monitoramentos/${watch.id}`)).text();
  expect(page).toContain(
    '<p class="atraso">Atrasada em 10/03/2026, 12:00: não começou na janela: sem capacidade ociosa da origem</p>',
  );
  expect(page.match(/class="atraso"/g)).toHaveLength(1);
  expect(page).toContain('Alteração encontrada.');
  expect(page).toContain('Primeira execução');
  expect(page).toContain('Não executada: saldo insuficiente');
  expect(page).toContain('Motivo: Saldo insuficiente');
  expect(page).toContain(`<a href="/pedidos/${protocolo}">${protocolo}</a>`);
  expect(page).toContain(resumo);
  expect(page).toMatch(/<td>SP<\/td><td>Apareceu<\/td><td>45\.210<\/td>/);
  expect(page).toMatch(/<td>SP<\/td><td>Deixou de constar<\/td><td>77<\/td>/);
});

test('pause, resume, remove after a page that asks — each audited once; a removed watch cannot resume', async () => {
  const { visitor, accountId } = await signedIn('desenvolvimento');
  await post(visitor, 'matricula', 'criar', RECORD);
  const [watch] = await watchesOf(accountId);
  if (watch === undefined) throw new Error('no watch created');
  const page = await (await visitor.request(`/monitoramentos/${watch.id}`)).text();
  const csrf = csrfOf(page);
  const act = (path: string) => visitor.request(`/monitoramentos/${watch.id}/${path}`, { form: { csrf } });

  expect((await act('pausar')).headers.get('location')).toBe(`/monitoramentos/${watch.id}?aviso=pausado`);
  expect((await act('pausar')).status).toBe(303);
  const paused = await (await visitor.request(`/monitoramentos/${watch.id}`)).text();
  expect(paused).toMatch(/id="situacao">Pausado</);
  expect(paused).toContain('Retomar');
  expect((await act('retomar')).headers.get('location')).toBe(`/monitoramentos/${watch.id}?aviso=retomado`);

  const ask = await visitor.request(`/monitoramentos/${watch.id}/remover`);
  expect(ask.status).toBe(200);
  expect(await ask.text()).toContain('Remover o monitoramento?');
  expect((await act('remover')).headers.get('location')).toBe('/monitoramentos?aviso=removido');
  expect((await act('retomar')).headers.get('location')).toBe(`/monitoramentos/${watch.id}`);
  const removed = await (await visitor.request(`/monitoramentos?estado=removido`)).text();
  expect(removed).toContain(`/monitoramentos/${watch.id}`);
  expect(await (await visitor.request('/monitoramentos?estado=ativo')).text()).toContain('Nenhum monitoramento');

  expect((await auditOf(accountId)).map((row) => row.action)).toEqual([
    'watch.create',
    'watch.pause',
    'watch.resume',
    'watch.delete',
  ]);
});

test('roles and accounts: financeiro refused; another account’s watch is a 404 everywhere', async () => {
  const owner = await signedIn('administrador');
  await post(owner.visitor, 'pessoa', 'criar', PERSON);
  const [watch] = await watchesOf(owner.accountId);
  if (watch === undefined) throw new Error('no watch created');

  const financeiro = await signedIn('financeiro');
  expect((await financeiro.visitor.request('/monitoramentos')).status).toBe(403);
  expect((await financeiro.visitor.request('/monitoramentos/novo/pessoa')).status).toBe(403);

  const stranger = await signedIn('administrador');
  const page = await (await stranger.visitor.request('/monitoramentos')).text();
  expect(page).not.toContain(watch.id);
  const csrf = csrfOf(page);
  expect((await stranger.visitor.request(`/monitoramentos/${watch.id}`)).status).toBe(404);
  expect((await stranger.visitor.request(`/monitoramentos/${watch.id}/remover`)).status).toBe(404);
  for (const path of ['pausar', 'retomar', 'remover']) {
    const answer = await stranger.visitor.request(`/monitoramentos/${watch.id}/${path}`, { form: { csrf } });
    expect([path, answer.status]).toEqual([path, 404]);
  }
  expect((await stranger.visitor.request('/monitoramentos/nao-e-um-id')).status).toBe(404);
  expect((await stranger.visitor.request('/monitoramentos?estado=qualquer')).status).toBe(400);
  expect((await watchesOf(owner.accountId))[0]?.estado).toBe('ativo');
  expect(await auditOf(stranger.accountId)).toEqual([]);
});

test('the list: 25 a page, newest first, the next page by its link; filtered by kind', async () => {
  const { visitor, accountId } = await signedIn('consulta');
  for (let index = 1; index <= 26; index += 1) {
    const kind = index % 2 === 0 ? 'pessoa' : 'matricula';
    const request =
      kind === 'pessoa' ? { cpf_cnpj: '529.982.247-25', uf: 'SP' } : { ...RECORD, imovel_matricula: `${index}` };
    await createWatch(
      database.db,
      newWatch(
        { accountId, kind, request, frequencia: 'mensal', referencia: `ref-${index}` },
        randomUUID(),
        clock.now(),
      ),
    );
  }
  const first = await (await visitor.request('/monitoramentos')).text();
  expect(first.match(/<tr id="monitoramento-/g)).toHaveLength(25);
  expect(first).toContain('ref-26');
  expect(first).not.toContain('>ref-1<');
  // The page's HTML escapes `=` in attributes (decision 0072): the browser reads `&#61;` as `=`.
  const next = /href="(\/monitoramentos\?antes&#61;\d+)" rel="next"/.exec(first)?.[1]?.replace('&#61;', '=');
  if (next === undefined) throw new Error('no next page');
  const second = await (await visitor.request(next)).text();
  expect(second.match(/<tr id="monitoramento-/g)).toHaveLength(1);
  expect(second).toContain('>ref-1<');
  expect(second).not.toContain('rel="next"');
  const records = await (await visitor.request('/monitoramentos?tipo=matricula')).text();
  expect(records.match(/<tr id="monitoramento-/g)).toHaveLength(13);
  expect(records).toContain('Matrícula 25, 2º ofício de Campinas/SP');
});
