import { callJson, type JsonAnswer } from '@regapi/testkit';

const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];

function field(answer: JsonAnswer, name: string): string {
  const value = answer.body.data[0]?.[name];
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new Error(`answer ${answer.status} has no data[0].${name}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return String(value);
}

/**
 * A test account as an operator makes one (`pnpm ops`, the admin API): credited with `amount` reais, its plan's
 * open-order limit out of the way, and a token with every scope. Answers the account and the token.
 */
export async function createCustomer(
  adminUrl: string,
  adminToken: string,
  amount: string,
): Promise<{ readonly accountId: string; readonly token: string }> {
  const admin = async (path: string, body: unknown) => {
    const answer = await callJson(`${adminUrl}${path}`, { method: 'POST', token: adminToken, body });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer;
  };
  const accountId = field(await admin('/admin/v1/accounts', { name: 'Bench pipeline' }), 'account_id');
  await admin(`/admin/v1/accounts/${accountId}/credits`, { amount });
  await admin('/admin/v1/plans/padrao/max-open-orders', { max_open_orders: 1_000_000 });
  const issued = await admin('/admin/v1/tokens', { account_id: accountId, scopes: ALL_SCOPES, ttl: '1d' });
  return { accountId, token: field(issued, 'token') };
}
