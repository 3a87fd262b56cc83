import { FONTES, type Fonte } from '@regapi/contracts';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Contract 4 execution rule 5 and 5.4: a token without the product's scope gets 403 on that product's quote and execution.
// Past the scope, the empty body of these calls is a 422: the scope check let it through.

const { database, gateway } = useTestGateway();
let accountId: string;

beforeAll(async () => {
  accountId = await newAccount(gateway.adminUrl);
});

const post = (path: string, token?: string) =>
  call(`${gateway.url}${path}`, { method: 'POST', body: {}, ...(token === undefined ? {} : { token }) });

test.each(FONTES.map((fonte) => [fonte]))(
  'a token scoped only to %s passes there and gets 403 elsewhere',
  async (fonte: Fonte) => {
    const { token } = await newToken(gateway.adminUrl, accountId, [`consultas:${fonte}`]);
    for (const other of FONTES) {
      for (const kind of ['orcamento', 'consultas']) {
        const answer = await post(`/v1/${kind}/${other}`, token);
        if (other === fonte) {
          expect(answer.status).toBe(422);
          continue;
        }
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe(403);
        expect(answer.body.code_message).toContain(`consultas:${other}`);
        expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
        expect(answer.headers.get('www-authenticate')).toBe(
          `Bearer realm="regapi", error="insufficient_scope", scope="consultas:${other}"`,
        );
      }
    }
  },
);

test('a token with every scope passes everywhere', async () => {
  const { token } = await newToken(
    gateway.adminUrl,
    accountId,
    FONTES.map((fonte) => `consultas:${fonte}`),
  );
  for (const fonte of FONTES) {
    for (const kind of ['orcamento', 'consultas']) expect((await post(`/v1/${kind}/${fonte}`, token)).status).toBe(422);
  }
});

test('authentication comes before scope: no token → 401, not 403', async () => {
  expect((await post('/v1/consultas/certidao-inteiro-teor')).status).toBe(401);
});

test('the scopes that count are the stored ones, not what a token claims', async () => {
  // A scope added to the row's token claims cannot be forged without the key; and the row never widens later.
  const { token, tokenId } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const row = await database.db.selectFrom('api_token').select('scopes').where('id', '=', tokenId).executeTakeFirst();
  expect(row?.scopes).toEqual(['consultas:pesquisa-previa-bens']);
  expect((await post('/v1/orcamento/visualizacao-matricula', token)).status).toBe(403);
});
