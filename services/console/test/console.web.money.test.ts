import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import type { Fonte } from '@regapi/contracts';
import type { RunningServer } from '@regapi/http';
import { adjustBalance, debitOrder, refundOrder, topUp } from '@regapi/ledger';
import { createTestDatabase, sampleRequest, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import {
  admin,
  newAccount,
  newToken,
  startTestGateway,
  type TestGateway,
} from '../../gateway/test/support/test-gateway';
import type { ConsoleRole } from '../src';
import { createTestUser } from './support/console-fixture';
import { ConsoleVisitor, csrfOf, startConsole } from './support/console-web';

// Balance and statement, charts (issue 15; docs/decisions/0076, 0077): real PostgreSQL, real ledger entries, the real
// gateway for the API's CSV. Entries are written now (the ledger stamps them); the console's clock is the real time.

const clock = new ManualClock(new Date());
let database: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;
let accountA: string;
let accountB: string;
let tokenA: string;
let backdatedMonth: string;

/** A civil day in Brasília, `offset` days from today. */
function brasiliaDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}
const thisMonth = () => brasiliaDay().slice(0, 7);

async function order(accountId: string, fonte: Fonte, code: number | null): Promise<void> {
  await database.db
    .insertInto('orders')
    .values({
      id: randomUUID(),
      protocolo: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      account_id: accountId,
      token_id: null,
      fonte,
      request: JSON.stringify(sampleRequest(fonte, 'SP')),
      imovel_chave: null,
      uf: 'SP',
      price_centavos: 1000,
      quote: '{}',
      state: code === null ? 'queued' : 'finished',
      code,
      status_consulta: null,
      result: null,
      numero_pedido: null,
      aceite: '{}',
      request_id: randomUUID(),
      attempt_started_at: null,
      run_after: null,
      finished_at: code === null ? null : new Date(),
    })
    .execute();
}

async function visitorAs(accountId: string, role: ConsoleRole): Promise<ConsoleVisitor> {
  const user = await createTestUser(database.db, clock, { accountId, role });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  return visitor;
}

/** The page's text with the escapes the html template writes undone (`&#61;` for `=`, `&#38;` for `&`, ...). */
const unescaped = (page: string) =>
  page.replace(/&#([0-9]+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

const rowsOf = (page: string) => (page.match(/<tr>\s*<td>/g) ?? []).length;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await startTestGateway(database);
  server = await startConsole(database, clock, {
    keyring: gateway.keyring,
    apiBaseUrl: gateway.url,
    // Many people sign in from 127.0.0.1 here: the sign-in throttle is tested elsewhere.
    signInThrottle: { limit: 1000, windowMs: 60_000, maxAddresses: 100 },
  });

  accountA = await newAccount(gateway.adminUrl, 'Cartório Alfa');
  // The first top-up, moved to 40 days ago: an entry of an earlier month (the ledger stamps entries with the clock
  // of the database and refuses updates, so the test lifts its append-only triggers for this one row).
  const first = await database.db
    .transaction()
    .execute((trx) => topUp(trx, { accountId: accountA, amountCentavos: 50_000, reference: 'pix-antigo' }));
  await database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE ledger_transaction SET created_at = created_at - interval '40 days' WHERE id = ${first.transactionId}`.execute(
      trx,
    );
  });
  backdatedMonth = brasiliaDay(-40).slice(0, 7);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountA}/credits`, {
    amount: '150.00',
    reference: '=HYPERLINK("x")',
  });
  const debited = randomUUID();
  const refunded = randomUUID();
  await database.db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId: accountA,
      orderId: debited,
      protocolo: `${Date.now()}1`,
      fonte: 'pesquisa-previa-bens',
      uf: 'SP',
      amountCentavos: 4250,
    }),
  );
  await database.db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId: accountA,
      orderId: refunded,
      protocolo: `${Date.now()}2`,
      fonte: 'certidao-inteiro-teor',
      uf: 'RJ',
      amountCentavos: 3000,
    }),
  );
  await database.db
    .transaction()
    .execute((trx) => refundOrder(trx, { orderId: refunded, reason: 'instabilidade da origem', code: 605 }));
  await database.db
    .transaction()
    .execute((trx) =>
      adjustBalance(trx, { accountId: accountA, amountCentavos: 1000, reason: 'cortesia, "boas-vindas"' }),
    );
  await order(accountA, 'pesquisa-previa-bens', 200);
  await order(accountA, 'certidao-inteiro-teor', 605);
  await order(accountA, 'visualizacao-matricula', null);
  tokenA = (await newToken(gateway.adminUrl, accountA)).token;

  accountB = await newAccount(gateway.adminUrl, 'Cartório Beta');
  await database.db
    .transaction()
    .execute((trx) => topUp(trx, { accountId: accountB, amountCentavos: 99_999, reference: 'so-da-conta-b' }));
  await order(accountB, 'pesquisa-previa-bens', 612);
});

afterAll(async () => {
  await server?.close();
  await gateway?.close();
  await database?.drop();
});

// Balance of A: 500,00 + 150,00 − 42,50 − 30,00 + 30,00 + 10,00 = 617,50.

describe('GET /extrato', () => {
  it('shows the balance and the last 30 days of the own account only, newest entries included', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const answer = await visitor.request('/extrato');
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toMatch(/id="saldo">R\$ 617,50</);
    // The backdated top-up is 40 days old: outside the default 30 days.
    expect(rowsOf(page)).toBe(5);
    expect(page).not.toContain('pix-antigo');
    expect(unescaped(page)).toContain('referência =HYPERLINK("x")');
    expect(page).toContain('Pesquisa prévia de bens · SP');
    expect(page).toContain('classe retry (605)');
    expect(page).not.toContain('so-da-conta-b');
    expect(page).toMatch(/id="entradas">R\$ 190,00</);
    expect(page).toMatch(/id="saidas">-R\$ 72,50</);
    expect(page).not.toMatch(/<script|style=/);
  });

  it('filters by kind, by product and by date range', async () => {
    const visitor = await visitorAs(accountA, 'administrador');
    const refunds = await (await visitor.request('/extrato?tipo=estorno')).text();
    expect(rowsOf(refunds)).toBe(1);
    expect(refunds).toContain('instabilidade da origem');
    const certidao = await (await visitor.request('/extrato?produto=certidao-inteiro-teor')).text();
    expect(rowsOf(certidao)).toBe(2);
    expect(certidao).toContain('<option value="certidao-inteiro-teor" selected>');
    const longer = await (await visitor.request(`/extrato?de=${brasiliaDay(-60)}&ate=${brasiliaDay()}`)).text();
    expect(rowsOf(longer)).toBe(6);
    expect(longer).toContain('pix-antigo');
    const empty = await (await visitor.request(`/extrato?de=${brasiliaDay(-3)}&ate=${brasiliaDay(-1)}`)).text();
    expect(empty).toContain('Nenhum lançamento neste período.');
    // An empty date field is "not given", as the form sends it.
    expect((await visitor.request('/extrato?de=&ate=&tipo=&produto=')).status).toBe(200);
  });

  it('pages 50 lines at a time', async () => {
    const accountC = await newAccount(gateway.adminUrl, 'Cartório Gama');
    for (let index = 1; index <= 53; index += 1) {
      await database.db
        .transaction()
        .execute((trx) => topUp(trx, { accountId: accountC, amountCentavos: index, reference: `ref-${index}` }));
    }
    const visitor = await visitorAs(accountC, 'financeiro');
    const first = await (await visitor.request('/extrato')).text();
    expect(rowsOf(first)).toBe(50);
    expect(first).toContain('Página 1 de 2');
    const next = /href="(\/extrato\?[^"]*pagina=2)"/.exec(unescaped(first))?.[1];
    expect(next).toBeDefined();
    const second = await (await visitor.request(next ?? '')).text();
    expect(rowsOf(second)).toBe(3);
    expect(second).toContain('ref-53');
    expect(second).not.toContain('ref-50<');
  });

  it.each([
    ['?de=2026-02-30', 'não é uma data do calendário'],
    ['?ate=31/01/2026', 'AAAA-MM-DD'],
    ['?de=2026-01-01&de=2026-01-02', 'uma única vez'],
    ['?de=2026-02-01&ate=2026-01-31', 'não pode ser posterior'],
    ['?de=2024-01-01&ate=2025-12-31', 'no máximo 366 dias'],
    ['?tipo=saque', 'Escolha um tipo de lançamento da lista.'],
    ['?produto=outro', 'Escolha um produto da lista.'],
    ['?pagina=0', 'A página é um número a partir de 1.'],
    ['?pagina=abc', 'A página é um número a partir de 1.'],
  ])('%s → 400 page with the form and the pt-BR error', async (query, message) => {
    const visitor = await visitorAs(accountA, 'financeiro');
    for (const path of ['/extrato', '/extrato.csv']) {
      const answer = await visitor.request(`${path}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await answer.text();
      expect(page).toContain(message);
      expect(page).toContain('role="alert"');
      expect(page).toContain('action="/extrato"');
    }
  });
});

describe('CSV', () => {
  it('is, for the same range, the very bytes GET /v1/extrato answers as CSV', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    for (const [de, ate] of [
      [brasiliaDay(-60), brasiliaDay()],
      [brasiliaDay(-30), brasiliaDay()],
      [brasiliaDay(-3), brasiliaDay(-1)],
    ]) {
      const fromConsole = await visitor.request(`/extrato.csv?de=${de}&ate=${ate}`);
      const fromApi = await fetch(`${gateway.url}/v1/extrato?de=${de}&ate=${ate}`, {
        headers: { authorization: `Bearer ${tokenA}`, accept: 'text/csv' },
      });
      expect(fromConsole.status).toBe(200);
      expect(fromApi.status).toBe(200);
      expect(fromConsole.headers.get('content-type')).toBe(fromApi.headers.get('content-type'));
      expect(fromConsole.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${de}-${ate}.csv"`);
      expect(fromConsole.headers.get('content-disposition')).toBe(fromApi.headers.get('content-disposition'));
      const consoleBytes = Buffer.from(await fromConsole.arrayBuffer());
      const apiBytes = Buffer.from(await fromApi.arrayBuffer());
      expect(consoleBytes.equals(apiBytes)).toBe(true);
    }
    const all = await (await visitor.request(`/extrato.csv?de=${brasiliaDay(-60)}&ate=${brasiliaDay()}`)).text();
    expect(all.split('\r\n')).toHaveLength(8);
    expect(all).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('offers the pt-BR dialect, the very bytes GET /v1/extrato answers with dialeto=pt-BR', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const page = await (await visitor.request('/extrato')).text();
    expect(page).toContain('id="baixar-csv-pt-br"');
    const [de, ate] = [brasiliaDay(-60), brasiliaDay()];
    const fromConsole = await visitor.request(`/extrato.csv?de=${de}&ate=${ate}&dialeto=pt-BR`);
    const fromApi = await fetch(`${gateway.url}/v1/extrato?de=${de}&ate=${ate}&dialeto=pt-BR`, {
      headers: { authorization: `Bearer ${tokenA}`, accept: 'text/csv' },
    });
    expect(fromConsole.status).toBe(200);
    expect(fromConsole.headers.get('content-disposition')).toBe(
      `attachment; filename="extrato-${de}-${ate}-pt-BR.csv"`,
    );
    const consoleBytes = Buffer.from(await fromConsole.arrayBuffer());
    expect(consoleBytes.equals(Buffer.from(await fromApi.arrayBuffer()))).toBe(true);
    expect(consoleBytes.subarray(3).toString('utf8')).toMatch(/;estorno;30,00;607,50;/);
  });

  it('with a kind or product filter holds just those lines, written the same way', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const csv = await (await visitor.request('/extrato.csv?tipo=estorno')).text();
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /,estorno,30\.00,607\.50,[0-9]+,certidao-inteiro-teor,RJ,605,retry,,instabilidade da origem,,$/,
    );
  });
});

describe('monthly statement', () => {
  it('lists the months with entries, newest first, and shows one month with opening, totals and closing', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const list = await (await visitor.request('/extrato/mensal')).text();
    const months = [...list.matchAll(/href="\/extrato\/mensal\/([0-9]{4}-[0-9]{2})"/g)].map((match) => match[1]);
    expect(months).toEqual([thisMonth(), backdatedMonth]);

    const current = await visitor.request(`/extrato/mensal/${thisMonth()}`);
    expect(current.status).toBe(200);
    const page = await current.text();
    expect(page).toMatch(/id="saldo-inicial">R\$ 500,00</);
    expect(page).toMatch(/id="entradas">R\$ 190,00</);
    expect(page).toMatch(/id="saidas">-R\$ 72,50</);
    expect(page).toMatch(/id="saldo-final">R\$ 617,50</);
    expect(rowsOf(page)).toBe(5);

    const older = await (await visitor.request(`/extrato/mensal/${backdatedMonth}`)).text();
    expect(older).toMatch(/id="saldo-inicial">R\$ 0,00</);
    expect(older).toMatch(/id="saldo-final">R\$ 500,00</);
    expect(rowsOf(older)).toBe(1);

    // A month without entries: opening and closing are the balance carried into it.
    const quiet = await (await visitor.request('/extrato/mensal/2001-01')).text();
    expect(quiet).toMatch(/id="saldo-inicial">R\$ 0,00</);
    expect(quiet).toContain('Nenhum lançamento neste período.');
  });

  it("month's CSV is the API's CSV for that month's first to last day", async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const month = thisMonth();
    const [year, number] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
    const de = `${month}-01`;
    const ate = `${month}-${String(last).padStart(2, '0')}`;
    const fromConsole = await visitor.request(`/extrato/mensal/${month}.csv`);
    expect(fromConsole.status).toBe(200);
    expect(fromConsole.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${de}-${ate}.csv"`);
    const fromApi = await fetch(`${gateway.url}/v1/extrato?de=${de}&ate=${ate}`, {
      headers: { authorization: `Bearer ${tokenA}`, accept: 'text/csv' },
    });
    expect(Buffer.from(await fromConsole.arrayBuffer()).equals(Buffer.from(await fromApi.arrayBuffer()))).toBe(true);
  });

  it.each(['2026-13', '2026-1', 'abc', '1999-12'])('/extrato/mensal/%s → 404 page', async (month) => {
    const visitor = await visitorAs(accountA, 'financeiro');
    for (const path of [`/extrato/mensal/${month}`, `/extrato/mensal/${month}.csv`]) {
      const answer = await visitor.request(path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});

describe('low-balance threshold', () => {
  async function setThreshold(visitor: ConsoleVisitor, limite: string): Promise<Response> {
    const csrf = csrfOf(await (await visitor.request('/extrato')).text());
    return visitor.request('/extrato/limite', { form: { csrf, limite } });
  }

  it('warns on home and /extrato while the balance is below it; not when above or cleared', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    expect(await (await visitor.request('/')).text()).not.toContain('aviso-saldo-baixo');

    const saved = await setThreshold(visitor, '1.234,56');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/extrato?limite=salvo');
    const statement = await (await visitor.request('/extrato?limite=salvo')).text();
    expect(statement).toContain('Limite de alerta salvo.');
    expect(statement).toMatch(/id="limite-atual">R\$ 1\.234,56</);
    expect(statement).toContain('value="1.234,56"');
    expect(statement).toMatch(/role="status" id="aviso-saldo-baixo">Saldo abaixo do limite de alerta: R\$ 617,50/);
    const home = await (await visitor.request('/')).text();
    expect(home).toMatch(/role="status" id="aviso-saldo-baixo">/);
    expect(home).toContain('<a href="/extrato">Ver extrato</a>');

    // Every role sees the balance on home, so the warning too; the link only for who may open the statement.
    const consulta = await visitorAs(accountA, 'consulta');
    const consultaHome = await (await consulta.request('/')).text();
    expect(consultaHome).toContain('aviso-saldo-baixo');
    expect(consultaHome).not.toContain('Ver extrato');

    // Another account's home is not affected.
    const other = await visitorAs(accountB, 'financeiro');
    expect(await (await other.request('/')).text()).not.toContain('aviso-saldo-baixo');

    expect((await setThreshold(visitor, '617,50')).status).toBe(303);
    expect(await (await visitor.request('/')).text()).not.toContain('aviso-saldo-baixo');
    expect((await setThreshold(visitor, '617,51')).status).toBe(303);
    expect(await (await visitor.request('/')).text()).toContain('aviso-saldo-baixo');
    expect((await setThreshold(visitor, 'R$ 150')).status).toBe(303);
    expect(await (await visitor.request('/extrato')).text()).not.toContain('aviso-saldo-baixo');
    expect((await setThreshold(visitor, '')).status).toBe(303);
    expect(await (await visitor.request('/extrato')).text()).toMatch(/id="limite-atual">Nenhum</);

    const audit = await database.db
      .selectFrom('console_audit')
      .select(['action', 'params'])
      .where('account_id', '=', accountA)
      .where('action', '=', 'money.threshold')
      .execute();
    expect(audit).toHaveLength(5);
  });

  it.each(['150.00', '12,345', '-10,00', '0,00', '1.23,00', 'dez reais', '99.999.999,99'])(
    '%s → 422 with the form and a pt-BR error, nothing saved',
    async (typed) => {
      const visitor = await visitorAs(accountB, 'administrador');
      const answer = await setThreshold(visitor, typed);
      expect(answer.status).toBe(422);
      const page = await answer.text();
      expect(page).toMatch(/id="erro-limite">(Informe o valor em reais|O limite pode ser no máximo)/);
      expect(page).toContain(`value="${typed.replaceAll('$', '$')}"`);
      const row = await database.db
        .selectFrom('account')
        .select('low_balance_threshold_centavos')
        .where('id', '=', accountB)
        .executeTakeFirstOrThrow();
      expect(row.low_balance_threshold_centavos).toBeNull();
    },
  );

  it('refuses a form without its CSRF token', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    expect((await visitor.request('/extrato/limite', { form: { limite: '10,00' } })).status).toBe(403);
  });
});

describe('permissions', () => {
  it.each(['desenvolvimento', 'consulta'] as const)('%s gets 403 on every money page', async (role) => {
    const visitor = await visitorAs(accountA, role);
    for (const path of [
      '/extrato',
      '/extrato.csv',
      '/extrato/mensal',
      `/extrato/mensal/${thisMonth()}`,
      `/extrato/mensal/${thisMonth()}.csv`,
      '/graficos',
      '/graficos/gasto-por-dia.svg',
    ]) {
      const answer = await visitor.request(path);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(await answer.text()).toContain('Acesso restrito');
    }
    const csrf = csrfOf(await (await visitor.request('/')).text());
    expect((await visitor.request('/extrato/limite', { form: { csrf, limite: '10,00' } })).status).toBe(403);
  });

  it('signed out → the sign-in page', async () => {
    const visitor = new ConsoleVisitor(server.url);
    for (const path of ['/extrato', '/extrato.csv', '/graficos', '/graficos/gasto-por-dia.svg']) {
      const answer = await visitor.request(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/entrar');
    }
  });
});

describe('GET /graficos', () => {
  it('has each chart as an image with a name and its numbers in a table; spend is charges minus refunds', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    const answer = await visitor.request('/graficos');
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).not.toMatch(/<script|style=/);
    for (const id of ['gasto-por-dia', 'gasto-por-produto', 'pedidos-por-classe']) {
      expect(page).toMatch(
        new RegExp(`<img id="grafico-${id}" src="/graficos/${id}\\.svg\\?dias=30"[^>]* alt="[^"]+"`),
      );
      expect(page).toContain(`<table id="tabela-${id}">`);
    }
    const table = (id: string) => page.slice(page.indexOf(`<table id="tabela-${id}">`)).split('</table>')[0] ?? '';
    expect(table('gasto-por-produto')).toMatch(/Pesquisa prévia de bens<\/th><td class="valor">R\$ 42,50/);
    expect(table('gasto-por-produto')).toMatch(/Certidão de inteiro teor<\/th><td class="valor">R\$ 0,00/);
    expect((table('gasto-por-dia').match(/<tr><th scope="row">/g) ?? []).length).toBe(30);
    expect(table('gasto-por-dia')).toMatch(
      new RegExp(`${brasiliaDay().split('-').reverse().join('/')}</th><td class="valor">R\\$ 42,50`),
    );
    expect(table('pedidos-por-classe')).toContain('sucesso</th><td class="valor">1<');
    expect(table('pedidos-por-classe')).toContain('retry</th><td class="valor">1<');
    expect(table('pedidos-por-classe')).toContain('em_andamento</th><td class="valor">1<');
    // B's order (612) is not A's.
    expect(table('pedidos-por-classe')).toContain('nao_encontrado</th><td class="valor">0<');

    const ninety = await (await visitor.request('/graficos?dias=90')).text();
    expect(ninety).toContain('<option value="90" selected>');
    expect((ninety.match(/<tr><th scope="row">[0-9]{2}\/[0-9]{2}\/[0-9]{4}/g) ?? []).length).toBe(90);
  });

  it('serves each chart as SVG rendered on the server, with a CSP of its own', async () => {
    const visitor = await visitorAs(accountA, 'financeiro');
    for (const id of ['gasto-por-dia', 'gasto-por-produto', 'pedidos-por-classe']) {
      const answer = await visitor.request(`/graficos/${id}.svg?dias=90`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      const svg = await answer.text();
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script/);
    }
    expect(await (await visitor.request('/graficos/gasto-por-produto.svg')).text()).toContain(
      'Pesquisa prévia de bens',
    );
    expect((await visitor.request('/graficos/outro.svg')).status).toBe(404);
    expect((await visitor.request('/graficos/constructor.svg')).status).toBe(404);
  });

  it.each(['7', '30&dias=90', 'trinta'])('?dias=%s → 400 page in pt-BR', async (dias) => {
    const visitor = await visitorAs(accountA, 'financeiro');
    for (const path of ['/graficos', '/graficos/gasto-por-dia.svg']) {
      const answer = await visitor.request(`${path}?dias=${dias}`);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('Escolha um período de 30 ou 90 dias.');
    }
  });
});
