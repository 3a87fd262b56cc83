import { randomUUID } from 'node:crypto';
import { loadQuoteCatalog } from '../../../services/gateway/test/support/quote-catalog';
import { newAccount, newToken, useTestGateway } from '../../../services/gateway/test/support/test-gateway';
import { found, watchRuns } from '../../../services/gateway/test/support/watch-runs';
import {
  type MonitoramentoBody,
  newIdempotencyKey,
  RegapiClient,
  RegapiHttpError,
  RegapiNetworkError,
  ValidationError,
} from '../src';

// Issue 30: `client.monitoramentos` against the real gateway and PostgreSQL — quote, create, list (a page and every
// page), read, pause, resume, remove, the history with each run's diff and the runs' orders in `consultas`; a creation
// whose answer was lost is resent with the SAME key (one watch), and a pause whose answer was lost is not resent
// (decision 0138).

const SCOPES = ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'];
const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };

const { database, gateway } = useTestGateway();
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  token = (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl, 'Banco', '500.00'), SCOPES)).token;
});

const clientOf = (options: Partial<ConstructorParameters<typeof RegapiClient>[0]> = {}) =>
  new RegapiClient({ baseUrl: gateway.url, token, retry: { initialDelayMs: 10, maxDelayMs: 50 }, ...options });

/** A token of a new account of its own, for the tests that count its watches. */
const ownToken = async () =>
  (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '50.00'), SCOPES))
    .token;

test('orcamento: the product quote per run and the projected month, before creating', async () => {
  const client = clientOf();
  const answer = await client.monitoramentos.orcamento({ tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  expect(answer.code).toBe(200);
  const product = (await client.quote('pesquisa-previa-bens', PESSOA)).data[0];
  const perRun = product !== undefined && 'preco' in product ? product.preco?.total : undefined;
  expect(answer.data[0]?.orcamento).toEqual(product);
  expect(answer.data[0]?.preco).toEqual({
    por_execucao: perRun,
    execucoes_em_30_dias: 30,
    mensal_projetado: Math.round(Number(perRun) * 30 * 100) / 100,
    estimado: true,
  });
});

test('create, list, read, pause, resume, remove; the history with each diff; the runs in consultas', async () => {
  const client = clientOf();
  const watches = client.monitoramentos;
  const runs = watchRuns(database.db);
  const created = await watches.criar({
    tipo: 'pessoa',
    frequencia: 'diaria',
    referencia: 'garantia-1',
    pedido: PESSOA,
  });
  expect(created.code).toBe(201);
  const watch = created.data[0];
  if (watch === undefined) throw new Error('no watch');
  expect(watch).toEqual(
    expect.objectContaining({ estado: 'ativo', referencia: 'garantia-1', preco: expect.any(Object) }),
  );
  const other = await watches.criar({
    tipo: 'matricula',
    frequencia: 'semanal',
    pedido: {
      cpf_cnpj: '529.982.247-25',
      imovel_matricula: '012345',
      imovel_cartorio: 2,
      imovel_municipio: 'Campinas',
      imovel_uf: 'SP',
    },
  });
  const otherId = String(other.data[0]?.id);

  const page = await watches.listar({ limite: 1 });
  expect(page.data[0]?.monitoramentos.map((item) => item.id)).toEqual([otherId]);
  expect(page.data[0]?.proximo_cursor).toEqual(expect.any(String));
  const all = [];
  for await (const item of watches.todos({ limite: 1 })) all.push(item.id);
  expect(all).toEqual([otherId, watch.id]);
  const people = [];
  for await (const item of watches.todos({ tipo: 'pessoa' })) people.push(item.id);
  expect(people).toEqual([watch.id]);
  expect((await watches.obter(watch.id)).data[0]?.pedido).toEqual(PESSOA);

  // Two runs: the first is the baseline, the second finds a new record and loses one.
  await runs.place(0);
  await runs.finish(watch.id, found('1001', '1002'));
  await runs.place(1);
  await runs.finish(watch.id, found('1001', '1003'));
  const history = await watches.execucoes(watch.id);
  expect(history.data[0]?.execucoes.map((run) => run.resultado)).toEqual(['alteracao', 'primeira']);
  expect(history.data[0]?.execucoes[0]?.diferencas).toEqual(
    expect.objectContaining({ resumo: '1 imóvel novo em SP; 1 deixou de constar em SP.' }),
  );
  const every = [];
  for await (const run of watches.todasExecucoes(watch.id, { limite: 1 })) every.push(run.protocolo);
  expect(every).toEqual(history.data[0]?.execucoes.map((run) => run.protocolo));
  const orders = [];
  for await (const order of client.todasConsultas({ monitoramento: watch.id })) orders.push(order.protocolo);
  expect(orders).toEqual(every);

  const paused = await watches.pausar(watch.id);
  expect(paused.data[0]).toEqual(expect.objectContaining({ estado: 'pausado', proxima_execucao_em: null }));
  expect((await watches.pausar(watch.id)).data[0]?.estado).toBe('pausado');
  const resumed = await watches.retomar(watch.id);
  expect(resumed.data[0]).toEqual(
    expect.objectContaining({ estado: 'ativo', proxima_execucao_em: expect.any(String) }),
  );
  const removed = await watches.remover(watch.id);
  expect(removed.data[0]).toEqual(expect.objectContaining({ estado: 'removido', proxima_execucao_em: null }));
  expect((await watches.execucoes(watch.id)).data[0]?.execucoes).toHaveLength(2);
  // A removed watch is removed for good: its 409 is final, not "try again later".
  const refused = watches.retomar(watch.id);
  await expect(refused).rejects.toBeInstanceOf(RegapiHttpError);
  await expect(refused).rejects.toEqual(expect.objectContaining({ status: 409, retry: 'no' }));
});

test('a 422 names its fields', async () => {
  const watches = clientOf().monitoramentos;
  const invalid = watches.criar({
    tipo: 'pessoa',
    frequencia: 'diaria',
    pedido: { cpf_cnpj: '111.111.111-11', uf: 'SP' },
  });
  await expect(invalid).rejects.toBeInstanceOf(ValidationError);
  const error = (await invalid.catch((caught: unknown) => caught)) as ValidationError;
  expect(error.fieldErrors.map((field) => field.campo)).toEqual(['pedido.cpf_cnpj']);
  expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  const daily = watches.orcamento({ frequencia: 'diaria', tipo: 'matricula', pedido: {} } as MonitoramentoBody);
  await expect(daily).rejects.toBeInstanceOf(ValidationError);
});

test('a creation whose answer was lost is resent with the same key: one watch', async () => {
  const own = await ownToken();
  const keys: (string | null)[] = [];
  let lose = 1;
  // The request reaches the real gateway and is done; the first answer is lost on the way back.
  const losingFirst: typeof fetch = async (input, init) => {
    keys.push(new Headers(init?.headers).get('idempotency-key'));
    const response = await fetch(input, init);
    if (lose-- > 0) throw new TypeError('fetch failed: connection reset');
    return response;
  };
  const body: MonitoramentoBody = { tipo: 'pessoa', frequencia: 'mensal', referencia: 'uma-vez', pedido: PESSOA };
  const created = await clientOf({ token: own, fetch: losingFirst }).monitoramentos.criar(body);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const listed = (await clientOf({ token: own }).monitoramentos.listar()).data[0]?.monitoramentos;
  expect(listed?.map((watch) => watch.id)).toEqual([created.data[0]?.id]);
});

test('when every answer is lost the error carries the key; resending with it answers the same watch', async () => {
  const own = await ownToken();
  const losingAll: typeof fetch = async (input, init) => {
    await fetch(input, init);
    throw new TypeError('fetch failed: connection reset');
  };
  const body: MonitoramentoBody = { tipo: 'pessoa', frequencia: 'semanal', pedido: PESSOA };
  const lost = clientOf({
    token: own,
    fetch: losingAll,
    retry: { maxAttempts: 2, initialDelayMs: 10 },
  }).monitoramentos.criar(body);
  await expect(lost).rejects.toBeInstanceOf(RegapiNetworkError);
  const error = (await lost.catch((caught: unknown) => caught)) as RegapiNetworkError;
  expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(error.message).toContain(`MESMA Idempotency-Key ${error.idempotencyKey}`);
  const client = clientOf({ token: own });
  const again = await client.monitoramentos.criar(body, { idempotencyKey: String(error.idempotencyKey) });
  expect((await client.monitoramentos.listar()).data[0]?.monitoramentos.map((watch) => watch.id)).toEqual([
    again.data[0]?.id,
  ]);
  // Another key is another watch: a new key is for a NEW watch only.
  await client.monitoramentos.criar(body, { idempotencyKey: newIdempotencyKey() });
  expect((await client.monitoramentos.listar()).data[0]?.monitoramentos).toHaveLength(2);
});

test('a pause whose answer was lost is not resent (a POST without a key), and the error says so', async () => {
  const own = await ownToken();
  const watch = (
    await clientOf({ token: own }).monitoramentos.criar({ tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA })
  ).data[0];
  let sent = 0;
  const losingAnswers: typeof fetch = async (input, init) => {
    sent += 1;
    await fetch(input, init);
    throw new TypeError('fetch failed: connection reset');
  };
  const lost = clientOf({ token: own, fetch: losingAnswers }).monitoramentos.pausar(String(watch?.id));
  await expect(lost).rejects.toBeInstanceOf(RegapiNetworkError);
  await expect(lost).rejects.toThrow(/confira antes de repetir/);
  expect(sent).toBe(1);
  expect((await clientOf({ token: own }).monitoramentos.obter(String(watch?.id))).data[0]?.estado).toBe('pausado');
});
