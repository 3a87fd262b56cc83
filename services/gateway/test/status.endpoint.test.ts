import { setProductEnabled } from '@regapi/catalog';
import { FONTES } from '@regapi/contracts';
import { seedOrderHistory } from './support/seed-order';
import { call, newAccount, newToken, startTestGateway, useTestGateway } from './support/test-gateway';

// GET /v1/status (issue 17; docs/decisions/0092): per product, in service or not, the expected wait, the last hour.

const { database, gateway } = useTestGateway();
let accountId: string;
let token: string;

beforeAll(async () => {
  accountId = await newAccount(gateway.adminUrl, 'Conta', '100.00');
  token = (await newToken(gateway.adminUrl, accountId)).token;
});

type Line = Record<string, unknown> & { fonte: string; ultima_hora: Record<string, unknown> };

async function status(): Promise<Line[]> {
  const answer = await call(`${gateway.url}/v1/status`, { token });
  expect(answer.status).toBe(200);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  return answer.body.data as Line[];
}

const lineOf = (lines: Line[], fonte: string): Line | undefined => lines.find((line) => line.fonte === fonte);

test('with no orders at all: every product in service, a wait, and null rates and times (never NaN)', async () => {
  const lines = await status();
  expect(lines.map((line) => line.fonte)).toEqual([...FONTES]);
  for (const line of lines) {
    expect(line).toEqual(
      expect.objectContaining({ em_servico: true, fora_de_servico_desde: null, espera_prevista_s: expect.any(Number) }),
    );
    expect(line.ultima_hora).toEqual({ pedidos: 0, taxa_sucesso: null, tempo_p50_s: null, tempo_p95_s: null });
  }
});

test("last hour: origin answers succeed, origin failures fail, the client's own refusals and older orders are out", async () => {
  const finishedAt = new Date(Date.now() - 60_000);
  const acceptedBefore = (seconds: number) => new Date(finishedAt.getTime() - seconds * 1000);
  const search = { fonte: 'pesquisa-previa-bens' as const, finishedAt };
  await seedOrderHistory(database.db, accountId, { ...search, code: 200, acceptedAt: acceptedBefore(10) });
  await seedOrderHistory(database.db, accountId, { ...search, code: 612, acceptedAt: acceptedBefore(20) });
  await seedOrderHistory(database.db, accountId, { ...search, code: 609, acceptedAt: acceptedBefore(30) });
  // Client-caused (erro_participante): excluded.
  await seedOrderHistory(database.db, accountId, { ...search, code: 608, acceptedAt: acceptedBefore(500) });
  // Finished two hours ago: excluded; still queued: not finished.
  const old = new Date(Date.now() - 2 * 3_600_000);
  await seedOrderHistory(database.db, accountId, {
    fonte: 'pesquisa-previa-bens',
    code: 609,
    finishedAt: old,
    acceptedAt: old,
  });
  await seedOrderHistory(database.db, accountId, { fonte: 'pesquisa-previa-bens' });
  const lines = await status();
  expect(lineOf(lines, 'pesquisa-previa-bens')?.ultima_hora).toEqual({
    pedidos: 3,
    taxa_sucesso: 2 / 3,
    tempo_p50_s: 20,
    tempo_p95_s: 29,
  });
  expect(lineOf(lines, 'visualizacao-matricula')?.ultima_hora).toEqual(expect.objectContaining({ pedidos: 0 }));
});

test('a product out of service says since when and has no expected wait', async () => {
  const changedAt = new Date('2026-03-01T12:00:00Z');
  await setProductEnabled(database.db, 'certidao-inteiro-teor', false, 'origem 603', changedAt);
  try {
    const line = lineOf(await status(), 'certidao-inteiro-teor');
    expect(line).toEqual(
      expect.objectContaining({
        em_servico: false,
        fora_de_servico_desde: changedAt.toISOString(),
        espera_prevista_s: null,
      }),
    );
  } finally {
    await setProductEnabled(database.db, 'certidao-inteiro-teor', true, null);
  }
});

test('without a token: 401', async () => {
  expect((await fetch(`${gateway.url}/v1/status`)).status).toBe(401);
});

test('one reading serves every caller for the cache period (cheap under load)', async () => {
  const cached = await startTestGateway(database, { statusCacheMs: 600_000 });
  try {
    const read = async () =>
      (await call(`${cached.url}/v1/status`, { token })).body.data.find(
        (line) => line.fonte === 'pesquisa-previa-bens',
      );
    expect(await read()).toEqual(expect.objectContaining({ em_servico: true }));
    await setProductEnabled(database.db, 'pesquisa-previa-bens', false, 'teste');
    expect(await read()).toEqual(expect.objectContaining({ em_servico: true }));
    expect(lineOf(await status(), 'pesquisa-previa-bens')).toEqual(expect.objectContaining({ em_servico: false }));
  } finally {
    await setProductEnabled(database.db, 'pesquisa-previa-bens', true, null);
    await cached.close();
  }
});
