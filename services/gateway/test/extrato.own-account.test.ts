import { randomUUID } from 'node:crypto';
import { adjustBalance, debitOrder } from '@regapi/ledger';
import { seedOrderHistory } from './support/seed-order';
import { admin, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// GET /v1/extrato (issue 4; docs/decisions/0018): the caller's own statement, by Brasília days, JSON or CSV.

const { database, gateway } = useTestGateway();
let tokenA: string;
let tokenB: string;
let protocolo: string;

/** A civil day in Brasília, `offset` days from today. */
function brasiliaDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

beforeAll(async () => {
  const accountA = await newAccount(gateway.adminUrl, 'Conta A');
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountA}/credits`, {
    amount: '150.00',
    reference: '=HYPERLINK("x")',
  });
  protocolo = `${Date.now()}`;
  await database.db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId: accountA,
      orderId: randomUUID(),
      protocolo,
      fonte: 'pesquisa-previa-bens',
      uf: 'SP',
      amountCentavos: 4250,
    }),
  );
  await database.db
    .transaction()
    .execute((trx) =>
      adjustBalance(trx, { accountId: accountA, amountCentavos: 1000, reason: 'cortesia, "boas-vindas"' }),
    );
  const accountB = await newAccount(gateway.adminUrl, 'Conta B', '999.99');
  // No product scope is needed for the extrato: any valid token of the account reads it.
  tokenA = (await newToken(gateway.adminUrl, accountA, ['consultas:certidao-inteiro-teor'])).token;
  tokenB = (await newToken(gateway.adminUrl, accountB)).token;
});

const extrato = (query: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/v1/extrato${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

test('JSON: one data item per ledger line of the caller only, in order, amounts in reais; free', async () => {
  const response = await extrato(`?de=${brasiliaDay()}&ate=${brasiliaDay()}`, tokenA);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: Record<string, unknown>[];
    header: Record<string, unknown>;
    data_count: number;
  };
  expect(body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  expect(body.data_count).toBe(3);
  expect(body.data).toEqual([
    expect.objectContaining({
      tipo: 'recarga',
      valor: 150,
      saldo_apos: 150,
      referencia: '=HYPERLINK("x")',
      referencia_pagamento: '=HYPERLINK("x")',
      referencia_cliente: null,
      protocolo: null,
    }),
    expect.objectContaining({
      tipo: 'debito',
      valor: -42.5,
      saldo_apos: 107.5,
      protocolo,
      fonte: 'pesquisa-previa-bens',
      uf: 'SP',
      referencia: null,
      referencia_pagamento: null,
      referencia_cliente: null,
    }),
    expect.objectContaining({ tipo: 'ajuste', valor: 10, saldo_apos: 117.5, motivo: 'cortesia, "boas-vindas"' }),
  ]);
  for (const line of body.data) {
    expect(Object.keys(line)).not.toEqual(expect.arrayContaining(['code']));
    expect(line).toEqual(expect.objectContaining({ lancamento_id: expect.any(String), data_hora: expect.any(String) }));
  }
});

test('another account sees only its own lines', async () => {
  const body = (await (await extrato('', tokenB)).json()) as { data: Record<string, unknown>[] };
  expect(body.data).toEqual([expect.objectContaining({ tipo: 'recarga', valor: 999.99, saldo_apos: 999.99 })]);
});

test('CSV with Accept: text/csv: RFC 4180, header row, exact decimals, quoting, formulas defused', async () => {
  const response = await extrato(`?de=${brasiliaDay()}&ate=${brasiliaDay()}`, tokenA, { accept: 'text/csv' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="extrato-${brasiliaDay()}-${brasiliaDay()}.csv"`,
  );
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const text = await response.text();
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  expect(lines[0]).toBe(
    'data_hora,lancamento_id,tipo,valor,saldo_apos,protocolo,fonte,uf,codigo_resultado,classe_resultado,referencia,motivo,referencia_pagamento,referencia_cliente',
  );
  expect(lines).toHaveLength(5);
  expect(lines[1]).toMatch(
    /^[^,]+,[0-9a-f-]{36},recarga,150\.00,150\.00,,,,,,"'=HYPERLINK\(""x""\)",,"'=HYPERLINK\(""x""\)",$/,
  );
  expect(lines[2]).toMatch(new RegExp(`,debito,-42\\.50,107\\.50,${protocolo},pesquisa-previa-bens,SP,,,,,,$`));
  expect(lines[3]).toMatch(/,ajuste,10\.00,117\.50,,,,,,,"cortesia, ""boas-vindas""",,$/);
});

test('dialeto=pt-BR: byte order mark, `;`, decimal comma, the same cells; any other dialeto is a 422', async () => {
  const day = brasiliaDay();
  const response = await extrato(`?de=${day}&ate=${day}&dialeto=pt-BR`, tokenA, { accept: 'text/csv' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${day}-${day}-pt-BR.csv"`);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'data_hora;lancamento_id;tipo;valor;saldo_apos;protocolo;fonte;uf;codigo_resultado;classe_resultado;referencia;motivo;referencia_pagamento;referencia_cliente',
  );
  expect(lines).toHaveLength(5);
  expect(lines[1]).toMatch(/;recarga;150,00;150,00;/);
  expect(lines[2]).toMatch(new RegExp(`;debito;-42,50;107,50;${protocolo};pesquisa-previa-bens;SP;`));
  // The comma inside the reason needs no quotes in this dialect; its quotes still do, doubled.
  expect(lines[3]).toMatch(/;ajuste;10,00;117,50;;;;;;;"cortesia, ""boas-vindas""";;$/);
  const refused = await call(`${gateway.url}/v1/extrato?dialeto=excel`, { token: tokenA });
  expect(refused.status).toBe(422);
  expect(refused.body.errors.map((error) => error.campo)).toEqual(['dialeto']);
});

test("an order's lines carry the customer's own referencia; a top-up's carries its payment reference", async () => {
  const account = await newAccount(gateway.adminUrl, 'Conta C', '50.00');
  const token = (await newToken(gateway.adminUrl, account)).token;
  const order = await seedOrderHistory(database.db, account, { referencia: 'PED-77', code: 612, refunded: true });
  const body = (await (await extrato('', token)).json()) as { data: Record<string, unknown>[] };
  const references = body.data.map((line) => [line.tipo, line.protocolo, line.referencia_cliente]);
  expect(references).toEqual([
    ['recarga', null, null],
    ['debito', order.protocolo, 'PED-77'],
    ['estorno', order.protocolo, 'PED-77'],
  ]);
});

test('an empty range gives an empty list (JSON) or just the header row (CSV)', async () => {
  const json = (await (await extrato(`?de=${brasiliaDay(-3)}&ate=${brasiliaDay(-1)}`, tokenA)).json()) as {
    data: unknown[];
  };
  expect(json.data).toEqual([]);
  const csv = await (
    await extrato(`?de=${brasiliaDay(-3)}&ate=${brasiliaDay(-1)}`, tokenA, { accept: 'text/csv' })
  ).text();
  expect(csv.split('\r\n')).toHaveLength(2);
});

test('without dates: the last 30 days up to today', async () => {
  const response = await extrato('', tokenA);
  const body = (await response.json()) as { data: unknown[]; code_message: string };
  expect(body.data).toHaveLength(3);
  expect(body.code_message).toContain(`${brasiliaDay(-30)} a ${brasiliaDay()}`);
});

test.each([
  ['?de=2026-02-30', 'de'],
  ['?de=2026-13-01', 'de'],
  ['?ate=31/01/2026', 'ate'],
  ['?de=2026-1-1', 'de'],
  ['?de=2026-01-01&de=2026-01-02', 'de'],
  ['?de=2026-02-01&ate=2026-01-31', 'de'],
  ['?de=2024-01-01&ate=2025-12-31', 'de'],
])('%s → 422 naming %s, as the JSON envelope even when CSV was asked for', async (query, campo) => {
  const response = await extrato(query, tokenA, { accept: 'text/csv' });
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { code: number; errors: { campo: string }[] };
  expect(body.code).toBe(422);
  expect(body.errors.map((e) => e.campo)).toContain(campo);
});

test('a range of exactly 366 days is accepted', async () => {
  expect((await extrato('?de=2025-01-01&ate=2026-01-01', tokenA)).status).toBe(200);
});

test('without a token → 401', async () => {
  expect((await call(`${gateway.url}/v1/extrato`)).status).toBe(401);
});
