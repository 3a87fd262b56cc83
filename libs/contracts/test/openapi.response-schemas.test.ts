import {
  envelope,
  FONTES,
  type JsonValue,
  OpenApiValidator,
  RESULT_CODES,
  withResultStatusNote,
} from '@regapi/contracts';
import { DOCUMENT, objectAt, operations, VALIDATOR } from './openapi-support';

/** The JSON schema of an operation's answer with this status (JSON content). */
function answerSchema(path: string, method: 'get' | 'post', status: string): JsonValue {
  return jsonSchemaOf(DOCUMENT.paths[path]?.[method]?.responses[status]);
}

function expectValid(schema: JsonValue, body: unknown): void {
  const validate = VALIDATOR.compile(schema);
  const valid = validate(JSON.parse(JSON.stringify(body)));
  expect(valid ? 'valid' : validate.errors).toBe('valid');
}

function expectInvalid(schema: JsonValue, body: unknown): void {
  expect(VALIDATOR.compile(schema)(JSON.parse(JSON.stringify(body)))).toBe(false);
}

const errors = [{ campo: 'imovel_cartorio', regra: 'type', mensagem: 'Informe o número.', valor: '1º Ofício' }];

/** The JSON schema of a response object (or a reference to one). */
function jsonSchemaOf(response: JsonValue | undefined): JsonValue {
  return objectAt(objectAt(objectAt(response).content)['application/json']).schema ?? null;
}

const REQUEST_ID = '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00';
const ack = {
  protocolo: '2026112100000042',
  estado: 'processando',
  consultar_em: '/v1/consultas/2026112100000042',
  consultar_daqui_s: 73,
};
const aceite = envelope({
  code: 202,
  codeMessage: 'Pedido aceito e debitado.',
  requestId: REQUEST_ID,
  billable: true,
  priceCentavos: 3700,
  data: [ack],
});
const cobranca = { debitado: 37, estornado: 0, estornado_em: null, motivo: null, estorno_pendente: false };
// Docs/decisions/0051: every finished result says whether it changed since it was first answered.
const revision = { revisao: 0, revisado_em: null };
const cartorio = {
  nome: '2º Oficial de Registro de Imóveis de Campinas',
  cns: '111111',
  numero: 2,
  municipio: 'Campinas',
  uf: 'SP',
};

test('every component schema and every JSON answer schema compiles in a strict stock ajv (JSON Schema 2020-12)', () => {
  for (const schema of Object.values(DOCUMENT.components.schemas))
    expect(() => VALIDATOR.compile(schema)).not.toThrow();
  const answers = [
    ...Object.values(DOCUMENT.components.responses),
    ...operations().flatMap(({ operation }) => Object.values(operation.responses)),
  ];
  for (const response of answers) {
    const content = objectAt(response).content;
    const json = content === undefined ? undefined : objectAt(content)['application/json'];
    if (json !== undefined) expect(() => VALIDATOR.compile(objectAt(json).schema ?? null)).not.toThrow();
  }
});

test('the acceptance (202) of every execution', () => {
  for (const fonte of FONTES) expectValid(answerSchema(`/v1/consultas/${fonte}`, 'post', '202'), aceite);
  expectInvalid(answerSchema('/v1/consultas/pesquisa-previa-bens', 'post', '202'), { ...aceite, code: 200 });
  expectInvalid(answerSchema('/v1/consultas/pesquisa-previa-bens', 'post', '202'), {
    ...aceite,
    data: [{ ...ack, protocolo: 'ABC' }],
  });
});

test('a quote: 200 with the price, 602 with the motivo and a null price', () => {
  const schema = answerSchema('/v1/orcamento/certidao-inteiro-teor', 'post', '200');
  const quoted = {
    fonte: 'certidao-inteiro-teor',
    disponivel: true,
    preco: { total: 108.13, estimado: true, emolumentos: 87.61, margem: 20.52 },
    cartorio,
  };
  expectValid(schema, envelope({ code: 200, codeMessage: 'Orçamento estimado.', data: [quoted] }));
  const refused = {
    fonte: 'pesquisa-previa-bens',
    disponivel: false,
    motivo: 'tarifa_desconhecida',
    preco: null,
    uf: 'SP',
  };
  expectValid(schema, envelope({ code: 602, codeMessage: withResultStatusNote('Indisponível.'), data: [refused] }));
  expectInvalid(schema, envelope({ code: 602, codeMessage: 'x', data: [{ ...refused, motivo: 'outro' }] }));
  expectInvalid(
    schema,
    envelope({ code: 200, codeMessage: 'x', data: [{ ...quoted, preco: { ...quoted.preco, estimado: false } }] }),
  );
});

test('an execution blocked by an order in force (602, pedido_em_vigor)', () => {
  const blocked = {
    fonte: 'visualizacao-matricula',
    disponivel: false,
    motivo: 'pedido_em_vigor',
    aceito_novamente_a_partir_de: '2026-11-28',
    preco: null,
    cartorio,
  };
  expectValid(
    answerSchema('/v1/consultas/visualizacao-matricula', 'post', '200'),
    envelope({ code: 602, codeMessage: 'Indisponível.', data: [blocked] }),
  );
});

const search = {
  resultado: 'POSITIVO',
  quantidade_imoveis: 1,
  nada_consta: false,
  provisorio: false,
  confianca: 'INDICIO',
  pesquisado_nome: 'FULANO DE TAL',
  pesquisado_documento: '123.456.789-09',
  protocolo_origem: 'PP-1',
  pesquisado_em: '2026-11-21T18:00:00.000Z',
  uf_pesquisada: 'SP',
  resumo: 'O documento aparece em 1 matrícula.',
  imoveis: [
    {
      matricula: null,
      cartorio_nome: 'Oficial',
      cartorio_cns: '111111',
      cartorio_numero: 2,
      cartorio_municipio: 'Campinas',
      cartorio_uf: 'SP',
      coleta_incompleta: false,
      sem_resposta: false,
    },
  ],
  cobertura: {
    retries_pendentes: false,
    leitura_parcial: false,
    linhas_na_origem: 3,
    cartorios_responderam: 2,
    linhas_retornadas: 3,
    cartorios_fora_do_ar: 0,
    cartorios_coleta_incompleta: 0,
    retries_realizados: 0,
  },
  site_receipts: ['https://origem.example/recibo/1'],
};
const searchFailed = {
  ...search,
  resultado: null,
  quantidade_imoveis: null,
  pesquisado_nome: null,
  pesquisado_documento: null,
  protocolo_origem: null,
  pesquisado_em: null,
  uf_pesquisada: null,
  imoveis: null,
  cobertura: null,
  site_receipts: [],
};
const recordView = {
  status_consulta: 'SUCESSO',
  documento_url: '/v1/consultas/2026112100000042/documento',
  mensagem: 'Visualização entregue. Não tem fé pública.',
  site_receipts: ['https://origem.example/pdf/1'],
  identificadores: { numero_pedido: 'P-1', matricula: '123' },
  dados: { conteudo: null, cartorio: 'Oficial', municipio: 'Campinas', uf: 'SP', total_pago: 'R$ 37,00' },
};
const certificate = {
  status_consulta: 'SUCESSO',
  status: 'Emitida',
  previsao_entrega_em: '2026-11-21T18:00:00.000Z',
  documento_url: 'https://api.example.com/v1/consultas/2026112100000042/documento',
  certidao_codigo: 'ABC-123',
  mensagem: 'Certidão emitida.',
  site_receipts: ['https://origem.example/pdf/2'],
  identificadores: { numero_pedido: 'P-2' },
};
const certificateLost = {
  ...certificate,
  status_consulta: null,
  status: null,
  previsao_entrega_em: null,
  documento_url: null,
  certidao_codigo: null,
  site_receipts: [],
  identificadores: { numero_pedido: null },
};

test.each([
  ['a search', 200, 'pesquisa-previa-bens', search],
  ['a search that failed (every origin field null)', 605, 'pesquisa-previa-bens', searchFailed],
  ['a record view', 200, 'visualizacao-matricula', recordView],
  ['a certificate', 200, 'certidao-inteiro-teor', certificate],
  ['a certificate without a protocol', 606, 'certidao-inteiro-teor', certificateLost],
])('a finished poll: %s, with fonte, aceite and cobranca', (_name, code, fonte, result) => {
  const schema = answerSchema('/v1/consultas/{protocolo}', 'get', '200');
  const item = { fonte, ...result, ...revision, aceite, cobranca };
  expectValid(schema, envelope({ code, codeMessage: 'Consulta concluída.', data: [item] }));
  expectInvalid(schema, envelope({ code, codeMessage: 'x', data: [{ fonte, ...result, ...revision }] }));
  expectInvalid(schema, envelope({ code, codeMessage: 'x', data: [{ ...result, ...revision, aceite, cobranca }] }));
  expectInvalid(schema, envelope({ code, codeMessage: 'x', data: [{ fonte, ...result, aceite, cobranca }] }));
  // The result must be of the product its fonte names.
  const other = fonte === 'visualizacao-matricula' ? 'pesquisa-previa-bens' : 'visualizacao-matricula';
  expectInvalid(schema, envelope({ code, codeMessage: 'x', data: [{ ...item, fonte: other }] }));
});

test('a provisional search says when to look again, or null when no revision will come', () => {
  const schema = answerSchema('/v1/consultas/{protocolo}', 'get', '200');
  const provisional = {
    fonte: 'pesquisa-previa-bens',
    ...search,
    provisorio: true,
    nada_consta: false,
    aceite,
    cobranca,
  };
  for (const consultar_daqui_s of [665, null]) {
    const data = [{ ...provisional, revisao: 1, revisado_em: '2026-11-23T12:00:00.000Z', consultar_daqui_s }];
    expectValid(schema, envelope({ code: 612, codeMessage: 'x', data }));
  }
  expectInvalid(
    schema,
    envelope({ code: 612, codeMessage: 'x', data: [{ ...provisional, ...revision, consultar_daqui_s: 0 }] }),
  );
});

test('a finished poll carries a result code, never a transport one', () => {
  const schema = answerSchema('/v1/consultas/{protocolo}', 'get', '200');
  const data = [{ fonte: 'visualizacao-matricula', ...recordView, ...revision, aceite, cobranca }];
  for (const { code } of RESULT_CODES) expectValid(schema, envelope({ code, codeMessage: 'x', data }));
  expectInvalid(schema, envelope({ code: 616, codeMessage: 'x', data }));
});

test('a running poll: the queue fields, and a certificate in issue with its own', () => {
  const schema = answerSchema('/v1/consultas/{protocolo}', 'get', '202');
  for (const fonte of FONTES) {
    expectValid(schema, envelope({ code: 202, codeMessage: 'Em processamento.', data: [{ ...ack, fonte }] }));
  }
  expectInvalid(schema, envelope({ code: 202, codeMessage: 'Em processamento.', data: [ack] }));
  const inIssue = {
    ...ack,
    fonte: 'certidao-inteiro-teor',
    status_consulta: 'EM_EMISSAO',
    status: null,
    previsao_entrega_em: '2026-11-23T15:00:00.000Z',
    documento_url: null,
    certidao_codigo: null,
    mensagem: 'Certidão protocolada.',
    site_receipts: [],
    identificadores: { numero_pedido: 'P-2' },
  };
  expectValid(schema, envelope({ code: 202, codeMessage: 'Em processamento.', data: [inIssue] }));
  expectInvalid(schema, envelope({ code: 202, codeMessage: 'x', data: [{ ...inIssue, status_consulta: 'SUCESSO' }] }));
  expectInvalid(schema, envelope({ code: 202, codeMessage: 'x', data: [{ ...inIssue, documento_url: '/x' }] }));
});

test('the token and the statement', () => {
  const token = {
    conta: '0b6f1c0b-4f39-4c1e-9b7d-2a8e4d1c9f00',
    token_id: '7d1e1c0b-4f39-4c1e-9b7d-2a8e4d1c9f00',
    escopos: ['consultas:pesquisa-previa-bens'],
    expira_em: '2026-12-21T18:00:00.000Z',
    ambiente: 'teste',
  };
  expectValid(
    answerSchema('/v1/token', 'get', '200'),
    envelope({ code: 200, codeMessage: 'Token válido.', data: [token] }),
  );
  expectInvalid(
    answerSchema('/v1/token', 'get', '200'),
    envelope({ code: 200, codeMessage: 'x', data: [{ ...token, escopos: ['admin'] }] }),
  );
  expectInvalid(
    answerSchema('/v1/token', 'get', '200'),
    envelope({ code: 200, codeMessage: 'x', data: [{ ...token, ambiente: 'sandbox' }] }),
  );
  const line = {
    lancamento_id: '1d1e1c0b-4f39-4c1e-9b7d-2a8e4d1c9f00',
    data_hora: '2026-11-21T18:00:00.000Z',
    tipo: 'debito',
    valor: -37,
    saldo_apos: 63,
    protocolo: '2026112100000042',
    fonte: 'pesquisa-previa-bens',
    uf: 'SP',
    codigo_resultado: null,
    classe_resultado: null,
    referencia: null,
    motivo: null,
    referencia_pagamento: null,
    referencia_cliente: 'PEDIDO-42',
  };
  expectValid(
    answerSchema('/v1/extrato', 'get', '200'),
    envelope({ code: 200, codeMessage: 'Extrato.', data: [line] }),
  );
});

test('transport refusals: code equals the status, data empty; a 422 lists its errors', () => {
  for (const { operation } of operations()) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (!('$ref' in response)) continue;
      const schema = jsonSchemaOf(response);
      expectValid(schema, envelope({ code: Number(status), codeMessage: 'x', errors: status === '422' ? errors : [] }));
      expectInvalid(schema, envelope({ code: Number(status) + 1, codeMessage: 'x', errors }));
      expectInvalid(schema, envelope({ code: Number(status), codeMessage: 'x', data: [ack], errors }));
    }
  }
  const unprocessable = jsonSchemaOf(DOCUMENT.components.responses.UnprocessableContent);
  expectValid(unprocessable, envelope({ code: 422, codeMessage: 'Requisição inválida.', errors }));
  expectInvalid(unprocessable, envelope({ code: 422, codeMessage: 'Requisição inválida.' }));
  const body = envelope({ code: 422, codeMessage: 'x', errors });
  expectInvalid(unprocessable, { ...body, errors: [{ campo: 'uf' }] });
});

test('a data item may not reuse an envelope name', () => {
  const schema = objectAt(DOCUMENT.components.schemas.Envelope);
  const body = envelope({ code: 200, codeMessage: 'x' });
  expectValid(schema, body);
  expectInvalid(schema, { ...body, data: [{ code: 1 }], data_count: 1 });
});

test('OpenApiValidator.errorsOf names what is wrong, and refuses an unknown schema name', () => {
  expect(VALIDATOR.errorsOf('ResultadoCertidaoInteiroTeor', certificate)).toEqual([]);
  expect(VALIDATOR.errorsOf('ResultadoCertidaoInteiroTeor', { ...certificate, status: 'Outro' })).toEqual([
    '/status must be equal to one of the allowed values',
  ]);
  expect(() => VALIDATOR.errorsOf('Nada', {})).toThrow(RangeError);
});

describe('checking our own answers: properties the document does not describe are refused', () => {
  const strict = new OpenApiValidator(DOCUMENT, { undocumented: 'refuse' });
  const poll = answerSchema('/v1/consultas/{protocolo}', 'get', '200');
  const item = { fonte: 'visualizacao-matricula', ...recordView, ...revision, aceite, cobranca };
  const body = envelope({ code: 200, codeMessage: 'x', data: [item] });
  const valid = (value: unknown) => strict.compile(poll)(JSON.parse(JSON.stringify(value)));

  test('a documented answer passes, as it does for a client', () => {
    const validate = strict.compile(poll);
    validate(JSON.parse(JSON.stringify(body)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid(body)).toBe(true);
  });

  test.each([
    ['in the envelope', { ...body, extra: 1 }],
    ['in the result', { ...body, data: [{ ...item, extra: 1 }] }],
    ['in a nested object of the result', { ...body, data: [{ ...item, dados: { ...item.dados, extra: 1 } }] }],
    ['in the nested acceptance', { ...body, data: [{ ...item, aceite: { ...aceite, extra: 1 } }] }],
    ['in cobranca', { ...body, data: [{ ...item, cobranca: { ...cobranca, extra: 1 } }] }],
    ['in the header', { ...body, header: { ...body.header, extra: 1 } }],
  ])('an undocumented property %s is refused (a client would ignore it)', (_where, answer) => {
    expect(valid(answer)).toBe(false);
    expect(VALIDATOR.compile(poll)(JSON.parse(JSON.stringify(answer)))).toBe(true);
  });
});
