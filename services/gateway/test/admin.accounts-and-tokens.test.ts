import { adminApi, call, newAccount, useTestGateway } from './support/test-gateway';

// The admin API behind `pnpm ops`: accounts, credits (money only through libs/ledger), tokens.

const { database, gateway } = useTestGateway();

const ask = adminApi(gateway);

describe('accounts', () => {
  test('create (default plan), then show: account, plan, zero balance, no tokens', async () => {
    const created = await ask('POST', '/admin/v1/accounts', { name: '  Banco Exemplo S.A. ' });
    expect(created.status).toBe(201);
    const accountId = String(created.body.data[0]?.account_id);
    const shown = await ask('GET', `/admin/v1/accounts/${accountId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data[0]).toEqual(
      expect.objectContaining({
        account_id: accountId,
        name: 'Banco Exemplo S.A.',
        plan: expect.objectContaining({ id: 'padrao' }),
        balance: '0.00',
        balance_centavos: 0,
        tokens: [],
      }),
    );
  });

  test('create on a named plan; an unknown plan is a 422 naming the known ones', async () => {
    const created = await ask('POST', '/admin/v1/accounts', { name: 'Volume', plan: 'volume' });
    expect(created.status).toBe(201);
    expect(created.body.data[0]?.plan).toEqual(expect.objectContaining({ id: 'volume', max_open_orders: 1000 }));
    const refused = await ask('POST', '/admin/v1/accounts', { name: 'X', plan: 'ouro' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ campo: 'plan' })]);
    expect(JSON.stringify(refused.body.errors)).toContain('padrao');
  });

  test.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'X', extra: 1 }, 'extra'],
    [{ name: 7 }, 'name'],
  ])('a bad body %j → 422 naming %s', async (body, campo) => {
    const answer = await ask('POST', '/admin/v1/accounts', body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e) => e.campo)).toContain(campo);
  });

  test('show an unknown or malformed account → 404', async () => {
    expect((await ask('GET', '/admin/v1/accounts/6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00')).status).toBe(404);
    expect((await ask('GET', '/admin/v1/accounts/nope')).status).toBe(404);
  });
});

describe('credits', () => {
  test('credit moves the balance; the same reference again is a no-op; another amount on it is a 409', async () => {
    const accountId = await newAccount(gateway.adminUrl);
    const first = await ask('POST', `/admin/v1/accounts/${accountId}/credits`, {
      amount: '150.00',
      reference: 'PIX-1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data[0]).toEqual(
      expect.objectContaining({ account_id: accountId, balance: '150.00', applied: true }),
    );
    const again = await ask('POST', `/admin/v1/accounts/${accountId}/credits`, {
      amount: '150.00',
      reference: 'PIX-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.data[0]).toEqual(expect.objectContaining({ balance: '150.00', applied: false }));
    const conflict = await ask('POST', `/admin/v1/accounts/${accountId}/credits`, {
      amount: '15.00',
      reference: 'PIX-1',
    });
    expect(conflict.status).toBe(409);
    const more = await ask('POST', `/admin/v1/accounts/${accountId}/credits`, { amount: '0.5' });
    expect(more.body.data[0]).toEqual(expect.objectContaining({ balance: '150.50' }));
    const shown = await ask('GET', `/admin/v1/accounts/${accountId}`);
    expect(shown.body.data[0]).toEqual(expect.objectContaining({ balance: '150.50', balance_centavos: 15050 }));
  });

  test.each(['0', '0.00', '-1.00', '1.234', '1,50', '1e3', '01.00', 'abc', ''])(
    'amount %j is refused with 422 and nothing moves',
    async (amount) => {
      const accountId = await newAccount(gateway.adminUrl);
      const answer = await ask('POST', `/admin/v1/accounts/${accountId}/credits`, { amount });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([expect.objectContaining({ campo: 'amount' })]);
      const shown = await ask('GET', `/admin/v1/accounts/${accountId}`);
      expect(shown.body.data[0]?.balance_centavos).toBe(0);
    },
  );

  test('an amount as a JSON number is refused: money travels as exact text', async () => {
    const accountId = await newAccount(gateway.adminUrl);
    expect((await ask('POST', `/admin/v1/accounts/${accountId}/credits`, { amount: 150 })).status).toBe(422);
  });

  test('credit to an unknown account → 404', async () => {
    const answer = await ask('POST', '/admin/v1/accounts/6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00/credits', {
      amount: '1.00',
    });
    expect(answer.status).toBe(404);
  });
});

describe('tokens', () => {
  test('issue (default 30 days), listed on the account; revoke; revoking again answers the first revocation', async () => {
    const accountId = await newAccount(gateway.adminUrl);
    const issued = await ask('POST', '/admin/v1/tokens', {
      account_id: accountId,
      scopes: ['consultas:pesquisa-previa-bens'],
    });
    expect(issued.status).toBe(201);
    const item = issued.body.data[0] ?? {};
    expect(item).toEqual(
      expect.objectContaining({
        token: expect.any(String),
        token_id: expect.any(String),
        expires_at: expect.any(String),
      }),
    );
    const days = (new Date(String(item.expires_at)).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);

    const shown = await ask('GET', `/admin/v1/accounts/${accountId}`);
    expect(shown.body.data[0]?.tokens).toEqual([
      expect.objectContaining({
        token_id: item.token_id,
        scopes: ['consultas:pesquisa-previa-bens'],
        kid: 'k1',
        revoked_at: null,
      }),
    ]);

    const revoked = await ask('POST', `/admin/v1/tokens/${String(item.token_id)}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data[0]).toEqual({ token_id: item.token_id, revoked_at: expect.any(String) });
    const again = await ask('POST', `/admin/v1/tokens/${String(item.token_id)}/revoke`);
    expect(again.body.data[0]).toEqual(revoked.body.data[0]);
    expect((await call(`${gateway.url}/v1/token`, { token: String(item.token) })).status).toBe(401);
  });

  test.each([
    [{ scopes: ['consultas:pesquisa-previa-bens'] }, 'account_id'],
    [{ account_id: 'nope', scopes: ['consultas:pesquisa-previa-bens'] }, 'account_id'],
    [{ account_id: '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00', scopes: [] }, 'scopes'],
    [{ account_id: '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00', scopes: ['consultas:tudo'] }, 'scopes'],
    [
      { account_id: '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00', scopes: ['consultas:pesquisa-previa-bens'], ttl: '2y' },
      'ttl',
    ],
    [
      { account_id: '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00', scopes: ['consultas:pesquisa-previa-bens'], ttl: '400d' },
      'ttl',
    ],
  ])('issue with %j → 422 naming %s', async (body, campo) => {
    const answer = await ask('POST', '/admin/v1/tokens', body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e) => e.campo)).toContain(campo);
  });

  test('issue for an unknown account → 404, and no row is written', async () => {
    const answer = await ask('POST', '/admin/v1/tokens', {
      account_id: '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00',
      scopes: ['consultas:pesquisa-previa-bens'],
    });
    expect(answer.status).toBe(404);
    const rows = await database.db
      .selectFrom('api_token')
      .select('id')
      .where('account_id', '=', '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00')
      .execute();
    expect(rows).toEqual([]);
  });

  test('revoke an unknown or malformed token id → 404', async () => {
    expect((await ask('POST', '/admin/v1/tokens/6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00/revoke')).status).toBe(404);
    expect((await ask('POST', '/admin/v1/tokens/nope/revoke')).status).toBe(404);
  });
});
