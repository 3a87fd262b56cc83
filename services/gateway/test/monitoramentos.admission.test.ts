import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Admission control (issue 30; docs/decisions/0152, 0163, 0170): a watch is created only if the idle capacity forecast
// can honour its frequency; otherwise a 422 naming `frequencia` with the most frequent schedule that fits.

/** Half past an hour, fixed: the new watch and the existing ones are planned in the same hour, whatever the run's pace. */
const NOW = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000);
const { database, gateway } = useTestGateway({ clock: { now: () => NOW } });
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Conta', '100.00');
  token = (await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens'])).token;
});

async function create(pedido: Record<string, unknown>, frequencia: string) {
  return call(`${gateway.url}/v1/monitoramentos`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { tipo: 'pessoa', frequencia, pedido },
  });
}

/** `count` daily one-UF person watches of another account, all planned now: they use the idle searches of every day. */
async function existingDailyWatches(count: number): Promise<void> {
  const other = await newAccount(gateway.adminUrl, 'Outra conta');
  await sql`
    INSERT INTO watch (account_id, kind, request, frequencia, estado, next_run_at, created_at)
    SELECT ${other}::uuid, 'pessoa', '{"cpf_cnpj": "529.982.247-25", "uf": "SP"}'::jsonb, 'diaria', 'ativo',
      ${NOW}::timestamptz, ${NOW}::timestamptz
    FROM generate_series(1, ${count})
  `.execute(database.db);
}

test('with the idle searches nearly used, a daily nationwide watch is refused naming the weekly schedule that fits', async () => {
  // With no interactive history, a run's window of whole hours (23 of its 24: it starts at half past) holds
  // 23 × (50 − 10 reserve) × 80 % = 736 idle searches; a weekly one (71 h) 2 272.
  await existingDailyWatches(720);
  const nationwide = { cpf_cnpj: '529.982.247-25' };
  const daily = await create(nationwide, 'diaria');
  expect(daily.status).toBe(422);
  expect(daily.body.errors).toEqual([
    expect.objectContaining({
      campo: 'frequencia',
      regra: 'capacidade_ociosa',
      valor: 'diaria',
      mensagem: expect.stringContaining('cabe semanal'),
    }),
  ]);
  const rows = await database.db.selectFrom('watch').select('id').where('frequencia', '=', 'semanal').execute();
  expect(rows).toEqual([]);
  const weekly = await create(nationwide, 'semanal');
  expect(weekly.status).toBe(201);
  // One UF a day still fits beside them.
  expect((await create({ cpf_cnpj: '529.982.247-25', uf: 'RJ' }, 'diaria')).status).toBe(201);
});
