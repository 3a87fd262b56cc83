import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Contract 4 and 5.5: GET /v1/token verifies the token without a paid call; `data[0]` = conta, token_id, escopos,
// expira_em (contract 4 names).

const { database, gateway } = useTestGateway();

test('answers the account, token id, scopes and expiry; free', async () => {
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '10.00');
  const scopes = ['consultas:visualizacao-matricula', 'consultas:pesquisa-previa-bens'];
  const issued = await newToken(gateway.adminUrl, accountId, scopes, '7d');

  const answer = await call(`${gateway.url}/v1/token`, { token: issued.token });

  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(200);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0, api_version: 'v1' }));
  expect(answer.body.data).toEqual([
    {
      conta: accountId,
      token_id: issued.tokenId,
      // In product order, whatever order they were issued in.
      escopos: ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'],
      expira_em: issued.expiresAt,
      ambiente: 'producao',
    },
  ]);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const sevenDays = 7 * 86_400_000;
  expect(Math.abs(new Date(issued.expiresAt).getTime() - Date.now() - sevenDays)).toBeLessThan(5000);
});

test('never charges and never queues anything for the origin', async () => {
  const accountId = await newAccount(gateway.adminUrl, 'Cliente', '25.00');
  const { token } = await newToken(gateway.adminUrl, accountId);
  const before = await database.db
    .selectFrom('ledger_transaction')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 5; i += 1) expect((await call(`${gateway.url}/v1/token`, { token })).status).toBe(200);
  const after = await database.db
    .selectFrom('ledger_transaction')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(after.n).toBe(before.n);
  // Every origin contact goes through origin-session via the outbox (architecture rules 1, 6): nothing was sent.
  const outbox = await database.db.selectFrom('outbox').selectAll().execute();
  expect(outbox).toEqual([]);
  const account = await database.db
    .selectFrom('account')
    .select('balance_centavos')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  expect(account.balance_centavos).toBe(2500);
});

test('the token itself is never stored: only its id', async () => {
  const accountId = await newAccount(gateway.adminUrl);
  const { token, tokenId } = await newToken(gateway.adminUrl, accountId);
  const row = await database.db.selectFrom('api_token').selectAll().where('id', '=', tokenId).executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toContain(token.split('.')[2]);
  expect(Object.keys(row).sort()).toEqual([
    'account_id',
    'allowed_networks',
    'ambiente',
    'console_session_id',
    'created_at',
    'created_by',
    'expires_at',
    'id',
    'kid',
    'last_used_at',
    'name',
    'revoked_at',
    'scopes',
  ]);
});
