import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import type { RunningServer } from '@regapi/http';
import { createAccount } from '@regapi/ledger';
import { createTestDatabase, type TestDatabase, waitFor } from '@regapi/testkit';
import { findApiToken, issueToken, listAccountTokens } from '@regapi/tokens';
import {
  call,
  expectRefusedWithinCache,
  startTestGateway,
  type TestGateway,
} from '../../gateway/test/support/test-gateway';
import type { ConsoleRole } from '../src';
import { AUDIT_PAGE_SIZE } from '../src/web/areas/audit';
import { createTestUser } from './support/console-fixture';
import { ConsoleVisitor, csrfOf, startConsole } from './support/console-web';

// Issue 15, Tokens (decision 0074): the console's Tokens area and audit trail over real HTTP and PostgreSQL, and the
// tokens it issues used against a real gateway that shares its keyring.

// The real time: the gateway checks a token's expiry and the API answers with this clock too.
const clock = new ManualClock(new Date());
/** How long the gateway serves a token's row from memory (decision 0016: at most 2 s). */
const TOKEN_CACHE_MS = 1000;
let database: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await startTestGateway(database, { clock, tokenCacheMs: TOKEN_CACHE_MS });
  server = await startConsole(database, clock, { keyring: gateway.keyring, apiBaseUrl: gateway.url });
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
  await database?.drop();
});

const ALL_PRODUCTS = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
] as const;

async function signedIn(role: ConsoleRole, accountId?: string) {
  const account = accountId ?? (await createAccount(database.db, { name: `Conta ${randomUUID().slice(0, 8)}` })).id;
  const user = await createTestUser(database.db, clock, { accountId: account, role });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  return { visitor, user, accountId: account };
}

interface TokenForm {
  readonly name?: string;
  readonly scopes?: readonly string[];
  readonly expiry?: string;
  readonly expiryDate?: string;
  readonly networks?: string;
  readonly ambiente?: string;
  readonly formId?: string;
}

/** GET /tokens/novo, then the form's fields as a browser would send them (the CSRF and form id from the page). */
async function formFor(visitor: ConsoleVisitor, form: TokenForm = {}): Promise<[string, string][]> {
  const page = await (await visitor.request('/tokens/novo')).text();
  const formId = form.formId ?? /name="formulario" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return [
    ['csrf', csrfOf(page)],
    ['formulario', formId],
    ['nome', form.name ?? 'Integração do ERP'],
    ...(form.scopes ?? ['consultas:pesquisa-previa-bens']).map((scope): [string, string] => ['escopos', scope]),
    ['validade', form.expiry ?? '90d'],
    ['validade_data', form.expiryDate ?? ''],
    ['redes', form.networks ?? ''],
    ...(form.ambiente === undefined ? [] : [['ambiente', form.ambiente] as [string, string]]),
  ];
}

/** Creates a token through the console; the secret from the page that shows it once. */
async function createThroughConsole(visitor: ConsoleVisitor, form: TokenForm = {}) {
  const fields = await formFor(visitor, form);
  const answer = await visitor.request('/tokens', { form: fields });
  const page = await answer.text();
  expect(answer.status).toBe(200);
  const secret = /id="segredo"[^>]*value="([^"]+)"/.exec(page)?.[1];
  if (secret === undefined) throw new Error(`no secret on the page: ${page}`);
  return { secret, page, fields };
}

async function tokenIdOf(accountId: string, name: string): Promise<string> {
  const found = (await listAccountTokens(database.db, accountId)).find((token) => token.name === name);
  if (found === undefined) throw new Error(`no token named ${name}`);
  return found.id;
}

async function apiStatus(secret: string): Promise<number> {
  return (await call(`${gateway.url}/v1/token`, { token: secret })).status;
}

describe('who may see and use the Tokens area', () => {
  it.each(['financeiro', 'consulta'] as const)('%s: no menu entry, 403 on every page and form', async (role) => {
    const { visitor, accountId } = await signedIn(role);
    const home = await (await visitor.request('/')).text();
    expect(home).not.toContain('href="/tokens"');
    const someToken = await issueToken(database.db, gateway.keyring, clock, {
      accountId,
      scopes: ['consultas:pesquisa-previa-bens'],
      ttlSeconds: 3600,
      name: 'Do operador',
    });
    for (const path of ['/tokens', '/tokens/novo', `/tokens/${someToken.tokenId}/revogar`]) {
      const answer = await visitor.request(path);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(await answer.text()).toContain('Seu perfil não dá acesso a esta página.');
    }
    const csrf = csrfOf(home);
    const created = await visitor.request('/tokens', {
      form: [
        ['csrf', csrf],
        ['formulario', randomUUID()],
        ['nome', 'Proibido'],
        ['escopos', 'consultas:pesquisa-previa-bens'],
        ['validade', '30d'],
      ],
    });
    expect(created.status).toBe(403);
    const revoked = await visitor.request(`/tokens/${someToken.tokenId}/revogar`, { form: { csrf } });
    expect(revoked.status).toBe(403);
    expect((await listAccountTokens(database.db, accountId)).map((token) => [token.name, token.revokedAt])).toEqual([
      ['Do operador', null],
    ]);
  });

  it('a signed-out visitor is sent to /entrar', async () => {
    const answer = await new ConsoleVisitor(server.url).request('/tokens');
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/entrar']);
  });
});

describe('creating a token', () => {
  it('shows the secret once in a readonly input; the same form sent again creates nothing and shows no secret', async () => {
    const { visitor, user, accountId } = await signedIn('desenvolvimento');
    const { secret, page, fields } = await createThroughConsole(visitor, {
      name: '  ERP da matriz  ',
      scopes: ALL_PRODUCTS,
      networks: '203.0.113.0/24\n2001:db8::/32',
    });
    expect(page).toMatch(/<input id="segredo" class="segredo" type="text" readonly value="/);
    expect(page).toContain('<script src="/recursos/copiar.js" defer></script>');
    expect(page).toContain('Ele não será mostrado de novo');
    const script = await visitor.request('/recursos/copiar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('navigator.clipboard.writeText');

    const [token] = await listAccountTokens(database.db, accountId);
    expect(token).toMatchObject({
      name: 'ERP da matriz',
      scopes: [...ALL_PRODUCTS],
      createdBy: user.id,
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
      consoleSessionId: null,
      revokedAt: null,
    });
    // 90 days from now, to the second.
    expect(Math.abs((token?.expiresAt.getTime() ?? 0) - (clock.now().getTime() + 90 * 86_400_000))).toBeLessThan(2000);

    // A refresh, a double click or a back-and-resubmit sends the same form: refused, no second token, no secret.
    const again = await visitor.request('/tokens', { form: fields });
    expect(again.status).toBe(409);
    const againPage = await again.text();
    expect(againPage).toContain('Este formulário já criou um token ("ERP da matriz")');
    expect(againPage).not.toContain(secret);
    expect(await listAccountTokens(database.db, accountId)).toHaveLength(1);
    // Nor does the list ever carry a secret.
    const list = await (await visitor.request('/tokens')).text();
    expect(list).not.toContain(secret);
    expect(list).toContain('ERP da matriz');
    expect(list).toContain(user.email.toLowerCase());
    expect(list).toContain('203.0.113.0/24');
    expect(list).toContain('Nunca');
    expect(list).toContain('Ativo');
  });

  it('two submissions of one form at once create one token', async () => {
    const { visitor, accountId } = await signedIn('administrador');
    const fields = await formFor(visitor, { name: 'Duplo clique' });
    const answers = await Promise.all([1, 2, 3].map(() => visitor.request('/tokens', { form: fields })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await listAccountTokens(database.db, accountId)).toHaveLength(1);
  });

  it('a date as the expiry: until 23:59:59 of that day in Brasília', async () => {
    const { visitor, accountId } = await signedIn('administrador');
    const day = new Date(clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    await createThroughConsole(visitor, { name: 'Até o dia', expiry: 'data', expiryDate: day });
    const [token] = await listAccountTokens(database.db, accountId);
    expect(token?.expiresAt.toISOString()).toBe(new Date(`${day}T23:59:59-03:00`).toISOString());
  });

  it('a teste token (the sandbox): chosen on the form, shown on the secret page and in the list, audited', async () => {
    const { visitor, accountId } = await signedIn('administrador');
    const form = await (await visitor.request('/tokens/novo')).text();
    expect(form).toContain('name="ambiente" value="producao" checked');
    const { page } = await createThroughConsole(visitor, { name: 'Testes do ERP', ambiente: 'teste' });
    expect(page).toContain('<dt>Ambiente</dt><dd>Teste (sandbox)</dd>');
    const tokenId = await tokenIdOf(accountId, 'Testes do ERP');
    expect((await listAccountTokens(database.db, accountId)).map((token) => token.ambiente)).toEqual(['teste']);
    expect(await (await visitor.request('/tokens')).text()).toContain('<td>Teste (sandbox)</td>');
    const audit = await database.db
      .selectFrom('console_audit')
      .select('params')
      .where('target', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(audit.params).toEqual(expect.objectContaining({ ambiente: 'teste' }));
  });

  it('bad input: the form again with pt-BR errors and the values kept (422), never a token nor a 500', async () => {
    const { visitor, accountId } = await signedIn('administrador');
    const cases: [TokenForm, string][] = [
      [{ name: '   ' }, 'Dê um nome ao token'],
      [{ name: 'x'.repeat(81) }, 'o máximo é 80'],
      [{ scopes: [] }, 'Escolha ao menos um produto.'],
      [{ scopes: ['consultas:tudo'] }, 'Produto desconhecido.'],
      [{ expiry: '3650d' }, 'Escolha uma validade.'],
      [{ expiry: '5d' }, 'Escolha uma validade.'],
      [{ expiry: 'data', expiryDate: '' }, 'Escolha uma validade.'],
      [{ expiry: 'data', expiryDate: '2020-01-01' }, 'A data de validade deve ser futura.'],
      [{ expiry: 'data', expiryDate: '2099-01-01' }, 'A validade máxima é de 366 dias'],
      [{ expiry: 'data', expiryDate: '2026-02-30' }, 'não é uma data válida'],
      [{ networks: '10.0.0.1/24' }, 'tem bits de host depois do prefixo: a rede é 10.0.0.0/24'],
      [{ networks: 'intranet.exemplo' }, 'não é um endereço IPv4 ou IPv6'],
      [{ networks: Array.from({ length: 33 }, (_, index) => `10.0.${index}.0/24`).join('\n') }, 'No máximo 32 redes'],
      [{ ambiente: 'sandbox' }, 'Escolha produção ou teste (sandbox).'],
    ];
    for (const [form, message] of cases) {
      const answer = await visitor.request('/tokens', { form: await formFor(visitor, { name: 'Com erro', ...form }) });
      const page = await answer.text();
      expect([JSON.stringify(form).slice(0, 60), answer.status]).toEqual([JSON.stringify(form).slice(0, 60), 422]);
      expect(page).toContain(message);
      expect(page).toContain('Corrija o que está indicado abaixo.');
      expect(page).not.toContain('id="segredo"');
    }
    const kept = await visitor.request('/tokens', {
      form: await formFor(visitor, { name: 'Mantido', scopes: [], networks: '198.51.100.0/24' }),
    });
    const keptPage = await kept.text();
    expect(keptPage).toContain('value="Mantido"');
    expect(keptPage).toContain('>198.51.100.0/24</textarea>');
    // Without the form's id: 400, the form again.
    const noId = await visitor.request('/tokens', { form: await formFor(visitor, { formId: 'not-a-uuid' }) });
    expect(noId.status).toBe(400);
    expect(await noId.text()).toContain('O formulário veio incompleto.');
    expect(await listAccountTokens(database.db, accountId)).toEqual([]);
  });

  it('without the CSRF token, or with a wrong one: 403 and nothing created', async () => {
    const { visitor, accountId } = await signedIn('administrador');
    const fields = await formFor(visitor);
    const without = fields.filter(([name]) => name !== 'csrf');
    expect((await visitor.request('/tokens', { form: without })).status).toBe(403);
    const wrong = fields.map(([name, value]): [string, string] => [name, name === 'csrf' ? `${value}x` : value]);
    expect((await visitor.request('/tokens', { form: wrong })).status).toBe(403);
    expect(await listAccountTokens(database.db, accountId)).toEqual([]);
  });
});

describe('revoking, within the account only', () => {
  it("account A's user gets 404 for B's token, by GET and POST; B's token stays active", async () => {
    const a = await signedIn('administrador');
    const b = await signedIn('administrador');
    await createThroughConsole(b.visitor, { name: 'Token de B' });
    const bToken = await tokenIdOf(b.accountId, 'Token de B');
    const csrf = csrfOf(await (await a.visitor.request('/tokens')).text());
    expect((await a.visitor.request(`/tokens/${bToken}/revogar`)).status).toBe(404);
    expect((await a.visitor.request(`/tokens/${bToken}/revogar`, { form: { csrf } })).status).toBe(404);
    expect((await a.visitor.request('/tokens/nao-e-um-id/revogar', { form: { csrf } })).status).toBe(404);
    expect((await a.visitor.request('/tokens/nao-e-um-id/revogar')).status).toBe(404);
    expect((await findApiToken(database.db, bToken))?.revokedAt).toBeNull();
    expect(await (await a.visitor.request('/tokens')).text()).not.toContain('Token de B');
  });

  it('revoke needs the CSRF token; a revocation is audited once, a repeat is a no-op', async () => {
    const { visitor, accountId } = await signedIn('desenvolvimento');
    await createThroughConsole(visitor, { name: 'Para revogar' });
    const tokenId = await tokenIdOf(accountId, 'Para revogar');
    const confirm = await visitor.request(`/tokens/${tokenId}/revogar`);
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    expect(confirmPage).toContain('Revogar o token "Para revogar"?');
    expect((await visitor.request(`/tokens/${tokenId}/revogar`, { form: {} })).status).toBe(403);
    expect((await findApiToken(database.db, tokenId))?.revokedAt).toBeNull();

    const revoked = await visitor.request(`/tokens/${tokenId}/revogar`, { form: { csrf: csrfOf(confirmPage) } });
    expect([revoked.status, revoked.headers.get('location')]).toEqual([303, `/tokens?revogado=${tokenId}`]);
    const list = await (await visitor.request(`/tokens?revogado=${tokenId}`)).text();
    expect(list).toContain('Token “Para revogar” revogado.');
    expect(list).toContain('Revogado');
    expect(list).not.toContain(`href="/tokens/${tokenId}/revogar"`);
    const first = (await findApiToken(database.db, tokenId))?.revokedAt;
    expect(first).not.toBeNull();
    clock.advance(1000);
    await visitor.request(`/tokens/${tokenId}/revogar`, { form: { csrf: csrfOf(confirmPage) } });
    expect((await findApiToken(database.db, tokenId))?.revokedAt).toEqual(first);
    const audit = await database.db
      .selectFrom('console_audit')
      .select(['action', 'target'])
      .where('account_id', '=', accountId)
      .where('action', 'like', 'token.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'token.create', target: tokenId },
      { action: 'token.revoke', target: tokenId },
    ]);
  });

  it("a console session's own token is neither listed nor revocable", async () => {
    const { visitor, user, accountId } = await signedIn('administrador');
    const session = await database.db
      .selectFrom('console_session')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const sessionToken = await issueToken(database.db, gateway.keyring, clock, {
      accountId,
      scopes: [...ALL_PRODUCTS],
      ttlSeconds: 3600,
      consoleSessionId: session.id,
      createdBy: user.id,
    });
    const list = await (await visitor.request('/tokens')).text();
    expect(list).toContain('Nenhum token ainda.');
    const csrf = csrfOf(list);
    expect((await visitor.request(`/tokens/${sessionToken.tokenId}/revogar`, { form: { csrf } })).status).toBe(404);
    expect((await findApiToken(database.db, sessionToken.tokenId))?.revokedAt).toBeNull();
  });
});

describe('the audit trail', () => {
  it('admins read their account only, newest first, 50 a page; other roles get 403', async () => {
    const admin = await signedIn('administrador');
    const dev = await signedIn('desenvolvimento', admin.accountId);
    await createThroughConsole(dev.visitor, { name: 'Auditado' });
    const tokenId = await tokenIdOf(admin.accountId, 'Auditado');
    clock.advance(1000);
    const csrf = csrfOf(await (await dev.visitor.request('/tokens')).text());
    await dev.visitor.request(`/tokens/${tokenId}/revogar`, { form: { csrf } });
    const other = await signedIn('administrador');
    await createThroughConsole(other.visitor, { name: 'De outra conta' });

    expect((await dev.visitor.request('/auditoria')).status).toBe(403);
    const page = await (await admin.visitor.request('/auditoria')).text();
    const revokedAt = page.indexOf('Token revogado');
    const createdAt = page.indexOf('Token criado');
    expect(revokedAt).toBeGreaterThan(-1);
    expect(createdAt).toBeGreaterThan(revokedAt);
    expect(page).toContain(dev.user.email.toLowerCase());
    expect(page).toContain(tokenId);
    expect(page).toContain('nome: Auditado');
    expect(page).toContain('Entrada no console');
    expect(page).not.toContain('De outra conta');
    expect(page).not.toContain('Mais antigos');

    // 60 more rows: page 1 has 50 and a link to page 2, which has the rest.
    const base = clock.now().getTime();
    await database.db
      .insertInto('console_audit')
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          account_id: admin.accountId,
          user_id: admin.user.id,
          action: 'auth.sign-in',
          at: new Date(base + (index + 1) * 1000),
          params: JSON.stringify({ client: `10.0.0.${index}` }),
        })),
      )
      .execute();
    const first = await (await admin.visitor.request('/auditoria')).text();
    expect(first.match(/<tr>\n<td>/g)).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first).toContain('endereço: 10.0.0.59');
    expect(first).toContain('href="/auditoria?pagina=2"');
    const second = await (await admin.visitor.request('/auditoria?pagina=2')).text();
    expect(second).toContain('Token criado');
    expect(second).toContain('href="/auditoria?pagina=1"');
    expect(second).not.toContain('endereço: 10.0.0.59');
    for (const bad of ['0', '-1', 'abc', '1e3']) {
      expect((await admin.visitor.request(`/auditoria?pagina=${bad}`)).status).toBe(400);
    }
    expect((await admin.visitor.request('/auditoria?pagina=1&pagina=2')).status).toBe(400);
  });
});

describe('the tokens the console issues, against the API', () => {
  it('works at once, is refused (401) within the revocation bound after a revocation in the console', async () => {
    const { visitor, accountId } = await signedIn('desenvolvimento');
    const { secret } = await createThroughConsole(visitor, { name: 'Contra a API' });
    const check = await call(`${gateway.url}/v1/token`, { token: secret });
    expect(check.status).toBe(200);
    const loadedBy = performance.now();
    expect(check.body.data[0]).toMatchObject({ conta: accountId });
    const tokenId = await tokenIdOf(accountId, 'Contra a API');
    // The gateway noted the use; the list shows it (no longer "Nunca").
    await waitFor(async () => (await findApiToken(database.db, tokenId))?.lastUsedAt ?? undefined, {
      what: 'the use noted',
    });
    const row = await (await visitor.request('/tokens')).text();
    const tokenRow = row.slice(row.indexOf(`id="token-${tokenId}"`));
    expect(tokenRow.slice(0, tokenRow.indexOf('</tr>'))).not.toContain('<td>Nunca</td>');

    const csrf = csrfOf(row);
    expect((await visitor.request(`/tokens/${tokenId}/revogar`, { form: { csrf } })).status).toBe(303);
    // Decision 0016: within the gateway's cache time of its load at the first call above.
    await expectRefusedWithinCache(() => apiStatus(secret), { loadedBy, cacheMs: TOKEN_CACHE_MS });
    const refused = await call(`${gateway.url}/v1/token`, { token: secret });
    expect(refused.body.code_message).toContain('revogado');
  });

  it('an allow-list without 127.0.0.1 is refused (403); one with it works', async () => {
    const { visitor } = await signedIn('administrador');
    const outside = await createThroughConsole(visitor, { name: 'Fora', networks: '203.0.113.0/24\n2001:db8::/32' });
    const inside = await createThroughConsole(visitor, { name: 'Dentro', networks: '203.0.113.0/24\n127.0.0.1' });
    const refused = await call(`${gateway.url}/v1/token`, { token: outside.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.code_message).toContain('lista de redes permitidas');
    expect(await apiStatus(inside.secret)).toBe(200);
  });
});
