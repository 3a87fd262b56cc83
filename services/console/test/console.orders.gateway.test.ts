import { setProductEnabled } from '@regapi/catalog';
import type { RunningServer } from '@regapi/http';
import { createAccount, getAccount, topUp } from '@regapi/ledger';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from '../../gateway/test/support/quote-catalog';
import { call, newToken, startTestGateway, type TestGateway } from '../../gateway/test/support/test-gateway';
import { type ConsoleRole, SESSION_COOKIE, sessionIdOf } from '../src';
import { createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf, startConsole } from './support/console-web';

// Issue 15, "Run a query from the console", "Orders", "Service status": the console acts through the real gateway's
// public API with a token of the session (docs/decisions/0073, 0078), over a real PostgreSQL. No consumer runs: an
// accepted order stays queued, which is all these tests need (the finished results are the browser test's).

const clock = manualClock();
let database: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await startTestGateway(database, { clock });
  await loadQuoteCatalog(database.db);
  server = await startConsole(database, clock, { keyring: gateway.keyring, apiBaseUrl: gateway.url });
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
  await database?.drop();
});

async function signedIn(role: ConsoleRole, accountId?: string, centavos = 100_000) {
  const account = accountId ?? (await createAccount(database.db, { name: `Conta ${role}` })).id;
  await database.db.transaction().execute((trx) => topUp(trx, { accountId: account, amountCentavos: centavos }));
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

/** The search form, opened: its CSRF token and nonce. */
async function openForm(visitor: ConsoleVisitor, fonte = 'pesquisa-previa-bens') {
  const answer = await visitor.request(`/consultar/${fonte}`);
  expect(answer.status).toBe(200);
  const page = await answer.text();
  return { csrf: csrfOf(page), nonce: nonceOf(page) };
}

async function balance(accountId: string): Promise<number> {
  const account = await getAccount(database.db, accountId);
  return account?.balance_centavos ?? Number.NaN;
}

async function debits(accountId: string): Promise<number> {
  const rows = await database.db
    .selectFrom('ledger_transaction')
    .select('id')
    .where('account_id', '=', accountId)
    .where('amount_centavos', '<', 0)
    .execute();
  return rows.length;
}

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };

describe('running a query from the console', () => {
  it('quotes, confirms and executes once: the same form sent twice at once and again later is one order, one charge', async () => {
    const { visitor, accountId } = await signedIn('consulta');
    const { csrf, nonce } = await openForm(visitor);
    const quoted = await visitor.request('/consultar/pesquisa-previa-bens/orcamento', {
      form: { csrf, nonce, ...SEARCH },
    });
    expect(quoted.status).toBe(200);
    const confirmation = await quoted.text();
    expect(confirmation).toMatch(/Preço: <strong id="preco">R\$ \d+,\d{2}<\/strong>/);
    expect(confirmation).toContain('Confirmar e pagar');
    expect(await debits(accountId)).toBe(0);

    const before = await balance(accountId);
    const form = { csrf, nonce: nonceOf(confirmation), ...SEARCH };
    const twice = await Promise.all([
      visitor.request('/consultar/pesquisa-previa-bens/executar', { form }),
      visitor.request('/consultar/pesquisa-previa-bens/executar', { form }),
    ]);
    const again = await visitor.request('/consultar/pesquisa-previa-bens/executar', { form });
    const locations = [...twice, again].map((answer) => answer.headers.get('location'));
    for (const answer of [...twice, again]) expect(answer.status).toBe(303);
    expect(new Set(locations).size).toBe(1);
    expect(locations[0]).toMatch(/^\/pedidos\/\d+$/);
    expect(await debits(accountId)).toBe(1);
    const orders = await database.db
      .selectFrom('orders')
      .select('price_centavos')
      .where('account_id', '=', accountId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await balance(accountId)).toBe(before - (orders[0]?.price_centavos ?? 0));

    // A new form is a new order: its nonce gives another key.
    const second = await openForm(visitor);
    const other = await visitor.request('/consultar/pesquisa-previa-bens/executar', {
      form: { csrf, nonce: second.nonce, ...SEARCH },
    });
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).not.toBe(locations[0]);
    expect(await debits(accountId)).toBe(2);
  });

  it("shows the API's own field message on the form for bad input, with 422 and nothing charged", async () => {
    const { visitor, accountId } = await signedIn('desenvolvimento');
    const { csrf, nonce } = await openForm(visitor);
    const refused = await visitor.request('/consultar/pesquisa-previa-bens/orcamento', {
      form: { csrf, nonce, cpf_cnpj: '123', uf: 'SP' },
    });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('id="campo-cpf_cnpj-erro"');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('value="123"');
    // The message is the API's: ask it directly and find the same words on the page.
    const { token } = await newToken(gateway.adminUrl, accountId);
    const direct = await call(`${gateway.url}/v1/orcamento/pesquisa-previa-bens`, {
      method: 'POST',
      token,
      body: { cpf_cnpj: '123', uf: 'SP' },
    });
    const message = String((direct.body.errors as { mensagem: string }[])[0]?.mensagem);
    expect(message.length).toBeGreaterThan(5);
    expect(page).toContain(message.replaceAll('"', '&#34;').replaceAll("'", '&#39;'));

    const executed = await visitor.request('/consultar/pesquisa-previa-bens/executar', {
      form: { csrf, nonce, cpf_cnpj: '123', uf: 'SP' },
    });
    expect(executed.status).toBe(422);
    expect(await debits(accountId)).toBe(0);
  });

  it("shows the API's refusals in its own words: an office out of service (602, no charge), a balance too low (402)", async () => {
    const { visitor, accountId } = await signedIn('consulta', undefined, 500);
    const office = await openForm(visitor, 'visualizacao-matricula');
    // Office 3 of Campinas is marked out of service in the quote catalog.
    const property = {
      cpf_cnpj: '123.456.789-09',
      imovel_matricula: '012345',
      imovel_cartorio: '3',
      imovel_municipio: 'Campinas',
      imovel_uf: 'SP',
    };
    const unavailable = await visitor.request('/consultar/visualizacao-matricula/orcamento', {
      form: { csrf: office.csrf, nonce: office.nonce, ...property },
    });
    expect(unavailable.status).toBe(200);
    const unavailablePage = await unavailable.text();
    expect(unavailablePage).toContain('id="problema"');
    expect(unavailablePage).not.toContain('Confirmar e pagar');

    const search = await openForm(visitor);
    const poor = await visitor.request('/consultar/pesquisa-previa-bens/executar', {
      form: { csrf: search.csrf, nonce: search.nonce, ...SEARCH },
    });
    expect(poor.status).toBe(402);
    expect(await poor.text()).toContain('<h1>Consulta não executada</h1>');
    expect(await debits(accountId)).toBe(0);
  });

  it('prefills the record-view form from the query string (the chain from a search result)', async () => {
    const { visitor } = await signedIn('consulta');
    const answer = await visitor.request(
      '/consultar/visualizacao-matricula?imovel_matricula=012345&imovel_cartorio=2&imovel_municipio=Campinas&imovel_uf=SP',
    );
    const page = await answer.text();
    expect(page).toMatch(/id="campo-imovel_matricula"[^>]*value="012345"/);
    expect(page).toMatch(/id="campo-imovel_municipio"[^>]*value="Campinas"/);
    expect((await visitor.request('/consultar/nao-existe')).status).toBe(404);
  });

  it('refuses the query pages to financeiro (403), even a forged POST', async () => {
    const { visitor } = await signedIn('financeiro');
    expect((await visitor.request('/consultar')).status).toBe(403);
    expect((await visitor.request('/consultar/pesquisa-previa-bens')).status).toBe(403);
    const home = await (await visitor.request('/')).text();
    const posted = await visitor.request('/consultar/pesquisa-previa-bens/executar', {
      form: { csrf: csrfOf(home), nonce: 'A'.repeat(22), ...SEARCH },
    });
    expect(posted.status).toBe(403);
    expect((await visitor.request('/pedidos')).status).toBe(403);
    expect((await visitor.request('/status')).status).toBe(200);
  });
});

describe('orders', () => {
  it("lists the account's own orders with filters, and answers 404 for another account's order and document", async () => {
    const a = await signedIn('consulta');
    const b = await signedIn('consulta');
    const { csrf, nonce } = await openForm(a.visitor);
    const executed = await a.visitor.request('/consultar/pesquisa-previa-bens/executar', {
      form: { csrf, nonce, ...SEARCH },
    });
    const path = String(executed.headers.get('location'));
    const protocolo = path.split('/').pop() ?? '';

    const detail = await a.visitor.request(path);
    expect(detail.status).toBe(200);
    const page = await detail.text();
    expect(page).toContain('em processamento');
    expect(page).toMatch(/data-atualizar-em="\d+"/);
    expect(page).toMatch(/Resultado previsto em cerca de \d+ segundos/);
    expect(page).toContain(`<a href="/pedidos/${protocolo}" id="atualizar">Atualizar</a>`);
    expect(page).toContain('<script src="/recursos/atualizar.js" defer></script>');
    const script = await a.visitor.request('/recursos/atualizar.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);

    const list = await (await a.visitor.request('/pedidos')).text();
    expect(list).toContain(`<a href="/pedidos/${protocolo}">${protocolo}</a>`);
    const filtered = await (await a.visitor.request('/pedidos?fonte=certidao-inteiro-teor')).text();
    expect(filtered).toContain('Nenhum pedido encontrado.');
    const byState = await (await a.visitor.request(`/pedidos?estado=queued&protocolo=${protocolo}`)).text();
    expect(byState).toContain(`>${protocolo}</a>`);
    expect((await a.visitor.request('/pedidos?de=2026-13-01')).status).toBe(400);
    // Not yet finished: the API has no document for it.
    expect((await a.visitor.request(`${path}/documento`)).status).toBe(404);

    expect((await b.visitor.request(path)).status).toBe(404);
    expect((await b.visitor.request(`${path}/documento`)).status).toBe(404);
    expect(await (await b.visitor.request('/pedidos')).text()).not.toContain(protocolo);
    expect((await b.visitor.request(`/pedidos?protocolo=${protocolo}`)).status).toBe(200);
    expect(await (await b.visitor.request(`/pedidos?protocolo=${protocolo}`)).text()).toContain('Nenhum pedido');
  });
});

describe("the session's API token", () => {
  it('is one row per session even when the first two calls race, and sign-out revokes it', async () => {
    const { visitor } = await signedIn('consulta');
    const { csrf, nonce } = await openForm(visitor);
    const quotes = await Promise.all(
      [1, 2, 3].map(() =>
        visitor.request('/consultar/pesquisa-previa-bens/orcamento', { form: { csrf, nonce, ...SEARCH } }),
      ),
    );
    for (const answer of quotes) expect(answer.status).toBe(200);
    const cookie = visitor.cookies.get(SESSION_COOKIE);
    const sessionId = cookie === undefined ? undefined : sessionIdOf(cookie);
    if (sessionId === undefined) throw new Error('no session cookie');
    const session = await database.db
      .selectFrom('console_session')
      .select(['id', 'expires_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const mine = await database.db
      .selectFrom('api_token')
      .selectAll()
      .where('console_session_id', '=', session.id)
      .execute();
    expect(mine).toHaveLength(1);
    expect(mine[0]?.scopes.sort()).toEqual([
      'consultas:certidao-inteiro-teor',
      'consultas:pesquisa-previa-bens',
      'consultas:visualizacao-matricula',
    ]);
    expect(Math.abs((mine[0]?.expires_at.getTime() ?? 0) - session.expires_at.getTime())).toBeLessThan(1000);

    const home = await (await visitor.request('/')).text();
    expect((await visitor.request('/sair', { form: { csrf: csrfOf(home) } })).status).toBe(303);
    const after = await database.db
      .selectFrom('api_token')
      .select('revoked_at')
      .where('console_session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(after.revoked_at).not.toBeNull();
  });
});

describe('service status', () => {
  it('shows each product in or out of service and the wait the API would answer an order accepted now', async () => {
    const { visitor, accountId } = await signedIn('financeiro');
    await setProductEnabled(database.db, 'certidao-inteiro-teor', false, 'teste', clock.now());
    try {
      const page = await (await visitor.request('/status')).text();
      expect(page).toMatch(/Certidão de inteiro teor \(beta\)<\/th><td><span class="fora-de-servico">Fora de serviço/);
      expect(page).toMatch(/Pesquisa prévia de bens<\/th><td><span class="em-servico">Em serviço/);
      const shown = /Pesquisa prévia de bens<\/th>.*?<td class="valor">(\d+) s/.exec(page)?.[1];
      expect(shown).toBeDefined();
      // The clock stands still: an order accepted now is told exactly the wait the page shows.
      const { token } = await newToken(gateway.adminUrl, accountId);
      const accepted = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
        method: 'POST',
        token,
        body: SEARCH,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(accepted.status).toBe(202);
      expect(accepted.body.data[0]?.consultar_daqui_s).toBe(Number(shown));
    } finally {
      await setProductEnabled(database.db, 'certidao-inteiro-teor', true, null, clock.now());
    }
  });
});

describe('an API that does not answer', () => {
  it('is a pt-BR page (502), never the console 500', async () => {
    const offline = await startConsole(database, clock, { keyring: gateway.keyring, apiBaseUrl: 'http://127.0.0.1:9' });
    try {
      const { accountId } = await signedIn('consulta');
      const user = await createTestUser(database.db, clock, { accountId, role: 'consulta' });
      const visitor = new ConsoleVisitor(offline.url);
      await visitor.signIn(user.email, user.password);
      const { csrf, nonce } = await openForm(visitor);
      const answer = await visitor.request('/consultar/pesquisa-previa-bens/orcamento', {
        form: { csrf, nonce, ...SEARCH },
      });
      expect(answer.status).toBe(502);
      const page = await answer.text();
      expect(page).toContain('<h1>API indisponível</h1>');
      expect(page).toContain('Não foi possível falar com a API.');
    } finally {
      await offline.close();
    }
  });
});
