import {
  createHttpOriginPortal,
  expectKind,
  type FetchLike,
  MATRICULA_NAO_INFORMADA,
  type OriginPortal,
  SESSION_COOKIE,
  type WireSearch,
} from '../src';

const CALL = { timeoutMs: 2_000 };

/** A fake portal: each call answers what the test queued, and the requests are kept for inspection. */
function fakePortal(answers: (() => Response | Promise<Response>)[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    requests.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next();
  };
  const portal = createHttpOriginPortal({
    baseUrl: 'http://origin.test',
    username: 'u',
    password: 'p',
    fetch: fetchImpl,
  });
  return { portal, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const loginAnswer = () =>
  json(
    200,
    { situacao: 'AUTENTICADO', expira_em: null },
    { 'set-cookie': `${SESSION_COOKIE}=abc123; Path=/; HttpOnly` },
  );

const wireSearch = (overrides: Partial<WireSearch> = {}): WireSearch => ({
  numero_pedido: '12026000001',
  situacao: 'CONCLUIDA',
  resultado: 'POSITIVO',
  pesquisado: { nome: 'FULANO', documento: '123.456.789-09' },
  uf: 'SP',
  executada_em: '2026-03-11T13:00:00.000Z',
  duracao_ms: 72000,
  varredura_ms: 61200,
  linhas: [
    {
      matricula: MATRICULA_NAO_INFORMADA,
      cns: '123456',
      cartorio: '1º Oficial de Registro de Imóveis de Campinas',
      numero_cartorio: 1,
      municipio: 'Campinas',
      uf: 'SP',
      coleta_incompleta: false,
      sem_resposta: false,
    },
  ],
  cobertura: {
    cartorios_total: 400,
    cartorios_responderam: 398,
    cartorios_fora_do_ar: 2,
    cartorios_coleta_incompleta: 3,
    total_linhas: 1,
    retentativas_realizadas: 0,
  },
  comprovante_url: 'http://origin.test/arquivos/x',
  ...overrides,
});

async function loggedIn(
  answers: (() => Response | Promise<Response>)[],
): Promise<{ portal: OriginPortal; requests: { url: string; init: RequestInit }[] }> {
  const fake = fakePortal([loginAnswer, ...answers]);
  expectKind(await fake.portal.login(CALL), 'logged-in');
  return fake;
}

describe('HTTP driver: the portal protocol at its edges', () => {
  it('sends the session cookie from login on every call and the bare document to search', async () => {
    const { portal, requests } = await loggedIn([() => json(200, wireSearch())]);
    await portal.searchProperties({ cpfCnpj: '123.456.789-09', uf: 'SP' }, CALL);
    const sent = requests[1];
    expect(new Headers(sent?.init.headers).get('cookie')).toBe(`${SESSION_COOKIE}=abc123`);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ documento: '12345678909', uf: 'SP', finalidade: 2 });
  });

  it('ignores fields it does not know (contract 9.2) and maps "not informed" to a null record number', async () => {
    const { portal } = await loggedIn([() => json(200, { ...wireSearch(), campo_novo: { qualquer: 1 }, versao: 'x' })]);
    const { search } = expectKind(await portal.searchProperties({ cpfCnpj: '12345678909', uf: 'SP' }, CALL), 'found');
    expect(search.rows[0]?.matricula).toBeNull();
    expect(search).not.toHaveProperty('campo_novo');
  });

  it('reports an answer that breaks the protocol as protocol-error, never as data', async () => {
    const { portal } = await loggedIn([
      () => json(200, { ...wireSearch(), duracao_ms: 'slow' }),
      () => json(200, wireSearch({ resultado: 'NEGATIVO' })),
      () => new Response('<html>ok</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ]);
    for (let i = 0; i < 3; i++) {
      expectKind(await portal.searchProperties({ cpfCnpj: '12345678909', uf: 'SP' }, CALL), 'protocol-error');
    }
  });

  it('reads a maintenance page or an unknown 5xx as the origin down', async () => {
    const { portal } = await loggedIn([
      () => new Response('<html>manutenção</html>', { status: 503, headers: { 'content-type': 'text/html' } }),
      () => json(502, { erro: 'ALGO_NOVO' }),
    ]);
    expectKind(await portal.fetchTariffs(CALL), 'down');
    expectKind(await portal.fetchTariffs(CALL), 'down');
  });

  it('names what the portal said, with the wait it asks for', async () => {
    const { portal } = await loggedIn([
      () => json(429, { erro: 'EXCESSO_TENTATIVAS' }, { 'retry-after': '120' }),
      () => json(401, { erro: 'SESSAO_EXPIRADA' }),
      () => json(409, { erro: 'SESSAO_OCUPADA' }),
      () => json(409, { erro: 'PEDIDO_REPETIDO', aceita_a_partir_de: '2026-03-18T13:00:00.000Z' }),
    ]);
    expect(expectKind(await portal.fetchTariffs(CALL), 'too-many-attempts').retryAfterSeconds).toBe(120);
    expect(expectKind(await portal.fetchTariffs(CALL), 'session-lost').reason).toBe('expired');
    expectKind(await portal.fetchTariffs(CALL), 'session-busy');
    const property = { matricula: '1', cartorioNumero: 1, cartorioMunicipio: 'Campinas', cartorioUf: 'SP' as const };
    expect(expectKind(await portal.orderRecordView(property, undefined, CALL), 'repeated-order').aceitaAPartirDe).toBe(
      '2026-03-18T13:00:00.000Z',
    );
  });

  it('tells one office out of service from the service itself unavailable (issue 12)', async () => {
    const property = { matricula: '1', cartorioNumero: 1, cartorioMunicipio: 'Campinas', cartorioUf: 'SP' as const };
    const { portal } = await loggedIn([
      () => json(503, { erro: 'CARTORIO_FORA_DO_AR', mensagem: 'Cartório fora do ar.', cns: '123456' }),
      () => json(503, { erro: 'CARTORIO_FORA_DO_AR' }),
      () => json(503, { erro: 'SERVICO_INDISPONIVEL', mensagem: 'Serviço temporariamente indisponível.' }),
      () => json(503, { erro: 'SERVICO_INDISPONIVEL' }),
      // One office's state is never an answer to the catalog: the driver and the origin disagree.
      () => json(503, { erro: 'CARTORIO_FORA_DO_AR', cns: '123456' }),
    ]);
    expect(await portal.orderRecordView(property, undefined, CALL)).toEqual({
      kind: 'office-unavailable',
      cns: '123456',
      message: 'Cartório fora do ar.',
    });
    expect(expectKind(await portal.orderCertificate(property, CALL), 'office-unavailable').cns).toBeNull();
    expectKind(await portal.orderRecordView(property, undefined, CALL), 'service-unavailable');
    expectKind(await portal.orderCertificate(property, CALL), 'service-unavailable');
    expectKind(await portal.fetchCatalog(CALL), 'protocol-error');
  });

  it('refuses an answer that makes no sense for the operation, and an unknown error code', async () => {
    const { portal } = await loggedIn([
      () => json(409, { erro: 'PEDIDO_REPETIDO', aceita_a_partir_de: '2026-03-18T13:00:00.000Z' }),
      () => json(400, { erro: 'CODIGO_NOVO' }),
    ]);
    expectKind(await portal.fetchCatalog(CALL), 'protocol-error');
    expectKind(await portal.fetchCatalog(CALL), 'protocol-error');
  });

  it('refuses a catalog whose declared total disagrees with its list', async () => {
    const { portal } = await loggedIn([
      () => json(200, { gerado_em: '2026-03-11T13:00:00Z', total: 2, cartorios: [] }),
    ]);
    expect(expectKind(await portal.fetchCatalog(CALL), 'protocol-error').detail).toContain('declares 2');
  });

  it('a login without a session cookie is a protocol error', async () => {
    const { portal } = fakePortal([() => json(200, { situacao: 'AUTENTICADO', expira_em: null })]);
    expectKind(await portal.login(CALL), 'protocol-error');
  });

  it('bounds every call by the caller timeout and by its abort signal', async () => {
    const hang = () => new Promise<Response>(() => undefined);
    const { portal } = fakePortal([]);
    const slow = createHttpOriginPortal({
      baseUrl: 'http://origin.test',
      username: 'u',
      password: 'p',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          void hang;
        }),
    });
    expect(expectKind(await slow.fetchTariffs({ timeoutMs: 20 }), 'timeout').by).toBe('caller');
    const controller = new AbortController();
    const pending = slow.fetchTariffs({ timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    expectKind(await pending, 'timeout');
    await expect(portal.fetchTariffs({ timeoutMs: 0 })).rejects.toThrow(RangeError);
  });

  it('reports a refused connection as the origin down', async () => {
    const portal = createHttpOriginPortal({ baseUrl: 'http://127.0.0.1:9', username: 'u', password: 'p' });
    expect(expectKind(await portal.login(CALL), 'down').detail).toMatch(/ECONNREFUSED|fetch failed/);
  });

  it('refuses an invalid document before calling the origin', async () => {
    const { portal, requests } = fakePortal([]);
    await expect(portal.searchProperties({ cpfCnpj: '123.456.789-00', uf: 'SP' }, CALL)).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});
