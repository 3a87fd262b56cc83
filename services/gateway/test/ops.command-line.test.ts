import { commandCall } from '../src/ops/commands';
import { UsageError } from '../src/ops/ops-errors';

// `pnpm ops <command>`: each command line is exactly one admin API call; a bad line is a usage error (exit 2) before
// anything is sent.

test.each([
  [
    ['account', 'create', '--name', 'Banco X'],
    { method: 'POST', path: '/admin/v1/accounts', body: { name: 'Banco X' } },
  ],
  [
    ['account', 'create', '--name', 'Banco X', '--plan', 'volume'],
    { method: 'POST', path: '/admin/v1/accounts', body: { name: 'Banco X', plan: 'volume' } },
  ],
  [
    ['account', 'credit', '--account', 'A1', '--amount', '150', '--reference', 'PIX-1'],
    { method: 'POST', path: '/admin/v1/accounts/A1/credits', body: { amount: '150.00', reference: 'PIX-1' } },
  ],
  [['account', 'show', '--account', 'A1'], { method: 'GET', path: '/admin/v1/accounts/A1' }],
  [['account', 'list'], { method: 'GET', path: '/admin/v1/accounts' }],
  [['accounts', 'list'], { method: 'GET', path: '/admin/v1/accounts' }],
  [
    [
      'token',
      'issue',
      '--account',
      'A1',
      '--scopes',
      'consultas:pesquisa-previa-bens, consultas:visualizacao-matricula',
    ],
    {
      method: 'POST',
      path: '/admin/v1/tokens',
      body: {
        account_id: 'A1',
        scopes: ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'],
        ttl: '30d',
        ambiente: 'producao',
      },
    },
  ],
  [
    ['token', 'issue', '--account', 'A1', '--scopes', 'consultas:pesquisa-previa-bens', '--ttl', '12h'],
    {
      method: 'POST',
      path: '/admin/v1/tokens',
      body: { account_id: 'A1', scopes: ['consultas:pesquisa-previa-bens'], ttl: '12h', ambiente: 'producao' },
    },
  ],
  [
    ['token', 'issue', '--account', 'A1', '--scopes', 'consultas:pesquisa-previa-bens', '--ambiente', 'teste'],
    {
      method: 'POST',
      path: '/admin/v1/tokens',
      body: { account_id: 'A1', scopes: ['consultas:pesquisa-previa-bens'], ttl: '30d', ambiente: 'teste' },
    },
  ],
  [['token', 'revoke', '--token-id', 'T1'], { method: 'POST', path: '/admin/v1/tokens/T1/revoke' }],
  [['dead-letters', 'list'], { method: 'GET', path: '/admin/v1/dead-letters' }],
  [
    ['user', 'invite', '--account', 'A1', '--email', 'a@b.br', '--role', 'administrador'],
    { method: 'POST', path: '/admin/v1/accounts/A1/users', body: { email: 'a@b.br', role: 'administrador' } },
  ],
  [['user', 'list', '--account', 'A1'], { method: 'GET', path: '/admin/v1/accounts/A1/users' }],
  [
    ['user', 'reinvite', '--account', 'A1', '--user-id', 'U1'],
    { method: 'POST', path: '/admin/v1/accounts/A1/users/U1/invitation' },
  ],
  [
    ['user', 'reset-second-factor', '--account', 'A1', '--user-id', 'U1'],
    { method: 'POST', path: '/admin/v1/accounts/A1/users/U1/second-factor/reset' },
  ],
  [['mail', 'list'], { method: 'GET', path: '/admin/v1/console-mail' }],
  [['mail', 'list', '--account', 'A1'], { method: 'GET', path: '/admin/v1/console-mail?account=A1' }],
  [
    ['dead-letters', 'list', '--queue', 'origin.tasks', '--limit', '10'],
    { method: 'GET', path: '/admin/v1/dead-letters?queue=origin.tasks&limit=10' },
  ],
  [
    ['dead-letters', 'redrive', 'billing.settlements'],
    { method: 'POST', path: '/admin/v1/dead-letters/billing.settlements/redrive' },
  ],
  [
    ['dead-letters', 'redrive', 'billing.settlements', '--message-id', 'M 1'],
    { method: 'POST', path: '/admin/v1/dead-letters/billing.settlements/M%201/redrive' },
  ],
  [
    ['product', 'disable', 'certidao-inteiro-teor'],
    { method: 'POST', path: '/admin/v1/products/certidao-inteiro-teor/disable', body: {} },
  ],
  [
    ['product', 'disable', 'certidao-inteiro-teor', '--reason', '603'],
    { method: 'POST', path: '/admin/v1/products/certidao-inteiro-teor/disable', body: { reason: '603' } },
  ],
  [
    ['product', 'enable', 'certidao-inteiro-teor'],
    { method: 'POST', path: '/admin/v1/products/certidao-inteiro-teor/enable', body: {} },
  ],
  [['order', 'show', '2026112100000001'], { method: 'GET', path: '/admin/v1/orders/2026112100000001' }],
  [['account', 'show', '--account', '../tokens'], { method: 'GET', path: '/admin/v1/accounts/..%2Ftokens' }],
  [['plan', 'list'], { method: 'GET', path: '/admin/v1/plans' }],
  [
    ['plan', 'set-limit', 'volume', '--max-open-orders', '2000'],
    { method: 'POST', path: '/admin/v1/plans/volume/max-open-orders', body: { max_open_orders: 2000 } },
  ],
  [
    ['finance', 'reconcile', '--month', '2026-10'],
    { method: 'POST', path: '/admin/v1/finance/registry-reconciliations', body: { month: '2026-10' } },
  ],
  [
    ['finance', 'reconcile', '--from', '2026-10-01', '--to', '2026-10-15'],
    {
      method: 'POST',
      path: '/admin/v1/finance/registry-reconciliations',
      body: { de: '2026-10-01', ate: '2026-10-15' },
    },
  ],
  [
    ['finance', 'close-month', '--month', '2026-10'],
    { method: 'POST', path: '/admin/v1/finance/statements/2026-10/close' },
  ],
  [['finance', 'statements', '--month', '2026-10'], { method: 'GET', path: '/admin/v1/finance/statements/2026-10' }],
  [
    ['finance', 'statement-csv', '--month', '2026-10', '--account', 'A1'],
    { method: 'GET', path: '/admin/v1/finance/statements/2026-10/accounts/A1/csv' },
  ],
])('%j', (argv, expected) => {
  expect(commandCall(argv)).toEqual(expected);
});

test.each([
  [[], /no command/],
  [['account'], /unknown command/],
  [['account', 'delete'], /unknown command/],
  [['account', 'create'], /--name is required/],
  [['account', 'create', '--name'], /argument missing|needs a value/],
  [['account', 'create', '--name', 'X', '--color', 'red'], /Unknown option/],
  [['account', 'credit', '--account', 'A1', '--amount', '1.234'], /--amount/],
  [['account', 'credit', '--account', 'A1', '--amount', '-5'], /--amount/],
  [['account', 'credit', '--account', 'A1'], /--amount is required/],
  [['token', 'issue', '--account', 'A1'], /--scopes is required/],
  [['token', 'issue', '--account', 'A1', '--scopes', 'a,,b'], /--scopes/],
  [['token', 'issue', '--account', 'A1', '--scopes', 'x', '--ttl', '2y'], /--ttl/],
  [['token', 'issue', '--account', 'A1', '--scopes', 'x', '--ambiente', 'prod'], /--ambiente: producao or teste/],
  [['product', 'disable'], /expected 1 argument/],
  [['product', 'enable', 'x', '--reason', 'y'], /Unknown option/],
  [['order', 'show'], /expected 1 argument/],
  [['account', 'show', '--account', 'A1', 'extra'], /unexpected argument/],
  [['account', 'list', '--name', 'X'], /Unknown option/],
  [['plan', 'set-limit', 'volume'], /--max-open-orders is required/],
  [['finance', 'close-month'], /--month is required/],
  [['finance', 'close-month', '--month', '2026-13'], /--month: AAAA-MM/],
  [['finance', 'statements', '--month', '../x'], /--month: AAAA-MM/],
  [['finance', 'statement-csv', '--month', '2026-10'], /--account is required/],
  [['plan', 'set-limit', '--max-open-orders', '10'], /expected 1 argument/],
  [['plan', 'set-limit', 'volume', '--max-open-orders', '0'], /--max-open-orders: a positive whole number/],
  [['plan', 'set-limit', 'volume', '--max-open-orders', '2.5'], /--max-open-orders: a positive whole number/],
  [['plan', 'list', 'volume'], /unexpected argument/],
  [['finance', 'reconcile'], /--month AAAA-MM, or --from/],
  [['finance', 'reconcile', '--month', '2026-10', '--from', '2026-10-01'], /--month AAAA-MM, or --from/],
])('%j is a usage error', (argv, message) => {
  expect(() => commandCall(argv)).toThrow(UsageError);
  expect(() => commandCall(argv)).toThrow(message);
});
