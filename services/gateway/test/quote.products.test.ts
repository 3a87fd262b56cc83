import { setProductEnabled } from '@regapi/catalog';
import type { Fonte } from '@regapi/contracts';
import { getPlan, priceWithMargin } from '@regapi/ledger';
import { loadQuoteCatalog } from './support/quote-catalog';
import { admin, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// POST /v1/orcamento/{fonte} (contract 4 quote rules, 7.6, 7.9; issue 5 item 1; decision 0025): a free, local quote.

const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];
const CPF = '123.456.789-09';
const IMOVEL = {
  cpf_cnpj: CPF,
  imovel_matricula: '012345',
  imovel_cartorio: 2,
  imovel_municipio: 'campinas',
  imovel_uf: 'SP',
};
const CAMPINAS_2 = {
  nome: '2º Oficial de Registro de Imóveis de Campinas',
  cns: '111111',
  numero: 2,
  municipio: 'Campinas',
  uf: 'SP',
};

const { database, gateway } = useTestGateway();
let accountId: string;
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '50.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ALL_SCOPES));
});

/** A quote call; `bearer` null sends no Authorization header. */
function quote(fonte: string, body: unknown, bearer: string | null = token) {
  return call(`${gateway.url}/v1/orcamento/${fonte}`, {
    method: 'POST',
    ...(bearer === null ? {} : { token: bearer }),
    body,
  });
}

async function expectedPrice(planId: string, fonte: Fonte, feeCentavos: number) {
  const plan = await getPlan(database.db, planId);
  if (plan === undefined) throw new Error(`no plan ${planId}`);
  const price = priceWithMargin(plan, fonte, feeCentavos);
  return {
    total: price.totalCentavos / 100,
    estimado: true,
    emolumentos: price.emolumentosCentavos / 100,
    margem: price.margemCentavos / 100,
  };
}

async function ledgerRows(): Promise<number> {
  const row = await database.db
    .selectFrom('ledger_transaction')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a real office or UF is quoted: fee + plan margin, free', () => {
  test.each([
    ['visualizacao-matricula', { ...IMOVEL, imovel_finalidade: 1 }, 2_345],
    ['certidao-inteiro-teor', IMOVEL, 8_761],
  ] as const)('%s quotes the office found', async (fonte, body, fee) => {
    const answer = await quote(fonte, body);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    expect(answer.body.data).toEqual([
      { fonte, disponivel: true, preco: await expectedPrice('padrao', fonte, fee), cartorio: CAMPINAS_2 },
    ]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('pesquisa-previa-bens quotes the UF', async () => {
    const answer = await quote('pesquisa-previa-bens', { cpf_cnpj: CPF, uf: 'sp' });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    expect(answer.body.data).toEqual([
      {
        fonte: 'pesquisa-previa-bens',
        disponivel: true,
        preco: await expectedPrice('padrao', 'pesquisa-previa-bens', 3_217),
        uf: 'SP',
      },
    ]);
  });

  test('the margin is the plan of the calling account', async () => {
    const created = await admin(gateway.adminUrl, 'POST', '/admin/v1/accounts', { name: 'Parceiro', plan: 'parceiro' });
    const other = String(created.body.data[0]?.account_id);
    const issued = await newToken(gateway.adminUrl, other, ALL_SCOPES);
    const answer = await quote('certidao-inteiro-teor', IMOVEL, issued.token);
    const preco = await expectedPrice('parceiro', 'certidao-inteiro-teor', 8_761);
    expect(answer.body.data[0]?.preco).toEqual(preco);
    expect(preco).not.toEqual(await expectedPrice('padrao', 'certidao-inteiro-teor', 8_761));
  });
});

describe('602, free, HTTP 200 (contract 7.2, 7.6, 7.9)', () => {
  test.each([
    ['wrong municipality of the office', 'certidao-inteiro-teor', { ...IMOVEL, imovel_municipio: 'Valinhos' }],
    ['nonexistent office number', 'visualizacao-matricula', { ...IMOVEL, imovel_cartorio: 9 }],
    ['office in another UF', 'certidao-inteiro-teor', { ...IMOVEL, imovel_uf: 'RJ' }],
  ])('%s: cartorio_nao_encontrado', async (_case, fonte, body) => {
    const before = await ledgerRows();
    const answer = await quote(fonte, body);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(602);
    expect(answer.body.code_message).toMatch(/município do CARTÓRIO.*Nada foi cobrado/);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    expect(answer.body.data).toEqual([{ fonte, disponivel: false, motivo: 'cartorio_nao_encontrado', preco: null }]);
    expect(await ledgerRows()).toBe(before);
  });

  test('an office out of service', async () => {
    const answer = await quote('certidao-inteiro-teor', { ...IMOVEL, imovel_cartorio: 3 });
    expect(answer.body.code).toBe(602);
    expect(answer.body.data[0]).toEqual(
      expect.objectContaining({ disponivel: false, motivo: 'cartorio_fora_de_servico', preco: null }),
    );
  });

  test.each([
    ['fee 0.00', 1],
    ['no fee at all', 4],
  ])('an office whose fee is unknown (%s)', async (_case, numero) => {
    const body = { ...IMOVEL, imovel_cartorio: numero, imovel_municipio: 'SAO PAULO' };
    for (const fonte of ['visualizacao-matricula', 'certidao-inteiro-teor']) {
      const answer = await quote(fonte, body);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(602);
      expect(answer.body.code_message).toMatch(/desconhecida, não grátis/);
      expect(answer.body.data[0]).toEqual(
        expect.objectContaining({ fonte, disponivel: false, motivo: 'tarifa_desconhecida', preco: null }),
      );
    }
  });

  test.each(['AC', 'MG'])('the search in a UF whose fee is 0.00 or missing (%s)', async (uf) => {
    const answer = await quote('pesquisa-previa-bens', { cpf_cnpj: CPF, uf });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(602);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    expect(answer.body.data).toEqual([
      { fonte: 'pesquisa-previa-bens', disponivel: false, motivo: 'tarifa_desconhecida', preco: null, uf },
    ]);
  });

  test('a product out of service, back in service after enable', async () => {
    await setProductEnabled(database.db, 'visualizacao-matricula', false, 'teste');
    try {
      const answer = await quote('visualizacao-matricula', IMOVEL);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(602);
      expect(answer.body.data).toEqual([
        { fonte: 'visualizacao-matricula', disponivel: false, motivo: 'produto_fora_de_servico', preco: null },
      ]);
      // The other products are not affected.
      expect((await quote('certidao-inteiro-teor', IMOVEL)).body.code).toBe(200);
    } finally {
      await setProductEnabled(database.db, 'visualizacao-matricula', true, null);
    }
    expect((await quote('visualizacao-matricula', IMOVEL)).body.code).toBe(200);
  });
});

describe('refusals before any quote', () => {
  test('401 without a token', async () => {
    const answer = await quote('certidao-inteiro-teor', IMOVEL, null);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  test('403 without the scope of the product, even with an invalid body', async () => {
    const issued = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
    for (const body of [IMOVEL, {}]) {
      const answer = await quote('certidao-inteiro-teor', body, issued.token);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(403);
    }
    expect((await quote('pesquisa-previa-bens', { cpf_cnpj: CPF, uf: 'SP' }, issued.token)).status).toBe(200);
  });

  test('422 field by field: the office as text, a finalidade on the certificate', async () => {
    const before = await ledgerRows();
    const answer = await quote('certidao-inteiro-teor', {
      ...IMOVEL,
      imovel_cartorio: '2º Ofício',
      imovel_finalidade: 2,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe(422);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    const campos = answer.body.errors.map((error) => error.campo);
    expect(campos).toEqual(expect.arrayContaining(['imovel_cartorio', 'imovel_finalidade']));
    expect(answer.body.data).toEqual([]);
    expect(await ledgerRows()).toBe(before);
  });

  test('422 on the search: missing uf, bad CPF', async () => {
    const answer = await quote('pesquisa-previa-bens', { cpf_cnpj: '123.456.789-00' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((error) => error.campo)).toEqual(expect.arrayContaining(['uf', 'cpf_cnpj']));
  });

  test('an unknown product is 404', async () => {
    expect((await quote('certidao-qualquer', IMOVEL)).status).toBe(404);
  });

  test('quotes never charge and never queue anything for the origin', async () => {
    const balance = async () =>
      (
        await database.db
          .selectFrom('account')
          .select('balance_centavos')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).balance_centavos;
    const before = await balance();
    for (let i = 0; i < 3; i += 1) await quote('certidao-inteiro-teor', IMOVEL);
    expect(await balance()).toBe(before);
    expect(await database.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});
