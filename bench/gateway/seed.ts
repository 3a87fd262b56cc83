import { type CatalogSnapshot, syncCatalog } from '@regapi/catalog';
import type { DbHandle } from '@regapi/db';
import { createAccount, topUp } from '@regapi/ledger';

/** Enough for every acceptance a run can make (a search costs about R$ 42): R$ 100 million. */
const BALANCE_CENTAVOS = 10_000_000_000;
const BALANCE_REAIS = '100000000.00';

const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];

/** The product measured: the preliminary search has no order block, so every acceptance takes the same path. */
export const SEARCH_PATH = '/v1/consultas/pesquisa-previa-bens';
export const SEARCH_BODY = JSON.stringify({ cpf_cnpj: '529.982.247-25', uf: 'SP' });

/** The smallest origin snapshot that quotes a search in SP (R$ 32,17 of fee, as in the gateway's tests). */
const SNAPSHOT: CatalogSnapshot = {
  syncedAt: new Date('2026-01-05T12:00:00Z'),
  catalog: {
    geradoEm: '2026-01-05T11:00:00Z',
    offices: [
      {
        cns: '111111',
        numero: 2,
        nome: '2º Oficial de Registro de Imóveis de Campinas',
        municipio: 'Campinas',
        uf: 'SP',
        timeZone: 'America/Sao_Paulo',
        disponivel: true,
      },
    ],
  },
  tariffs: {
    vigencia: '2026-01-01',
    pesquisaPrevia: [{ uf: 'SP', pesquisaPreviaCentavos: 3_217 }],
    cartorios: [{ cns: '111111', visualizacaoCentavos: 2_345, certidaoCentavos: 8_761 }],
  },
};

export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
}

export async function callJson(
  url: string,
  init: { method: string; bearer?: string; body?: string; headers?: Record<string, string> },
): Promise<JsonAnswer> {
  const answer = await fetch(url, {
    method: init.method,
    headers: {
      'content-type': 'application/json',
      ...(init.bearer === undefined ? {} : { authorization: `Bearer ${init.bearer}` }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: answer.status, body: await answer.json() };
}

/** `data[0][name]` of an envelope, as text; a clear error when the answer is not what the bench expects. */
export function firstItemField(answer: JsonAnswer, name: string): string {
  const { body } = answer;
  if (typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data)) {
    const item: unknown = body.data[0];
    if (typeof item === 'object' && item !== null && name in item) {
      const value: unknown = Reflect.get(item, name);
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  }
  throw new Error(`answer ${answer.status} has no data[0].${name}: ${JSON.stringify(body).slice(0, 300)}`);
}

/**
 * The gateway's side: the catalog in its database, then through its admin API (as the ops CLI does) one account with
 * a balance no run exhausts, a plan limit no run reaches, and one token with every scope. Answers the token.
 */
export async function seedGateway(db: DbHandle, url: string, adminToken: string): Promise<string> {
  await syncCatalog(db.db, SNAPSHOT);
  const admin = (method: string, path: string, body: unknown): Promise<JsonAnswer> =>
    callJson(`${url}${path}`, { method, bearer: adminToken, body: JSON.stringify(body) });
  const accountId = firstItemField(await admin('POST', '/admin/v1/accounts', { name: 'Bench' }), 'account_id');
  const credited = await admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amount: BALANCE_REAIS });
  if (credited.status >= 300) throw new Error(`credit refused (${credited.status}): ${JSON.stringify(credited.body)}`);
  // Nothing consumes the bench's orders: its plan's open-order limit (decision 0084) would turn acceptances into 429s.
  const limit = await admin('POST', '/admin/v1/plans/padrao/max-open-orders', { max_open_orders: 1_000_000 });
  if (limit.status >= 300) throw new Error(`plan limit refused (${limit.status}): ${JSON.stringify(limit.body)}`);
  const issued = await admin('POST', '/admin/v1/tokens', { account_id: accountId, scopes: ALL_SCOPES, ttl: '30d' });
  return firstItemField(issued, 'token');
}

/** The floor's side: one account with the same balance, written through libs/ledger. Answers its id. */
export async function seedFloor(db: DbHandle): Promise<string> {
  const account = await createAccount(db.db, { name: 'Bench floor' });
  await db.db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amountCentavos: BALANCE_CENTAVOS }));
  return account.id;
}
