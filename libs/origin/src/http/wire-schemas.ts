import { UFS } from '@regapi/br';
import { compileOnFirstUse } from '@regapi/contracts';
import { Ajv, type SchemaObject, type ValidateFunction } from 'ajv';
import type {
  WireCatalog,
  WireCertificateOrder,
  WireError,
  WireLoginResponse,
  WireOrderDetail,
  WireOrderList,
  WireRecordView,
  WireSearch,
  WireTariffs,
} from './wire';

/**
 * JSON Schemas of the origin's answers (validated with ajv at this edge into typed values). Each schema sits beside the `Wire*` type it
 * proves (ajv's `JSONSchemaType` cannot express a required nullable field, so the pairing is kept by hand and by the
 * contract kit, which runs every answer of the simulator through these). No schema forbids additional properties:
 * unknown fields are ignored (contract 9.2).
 */

const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** Reais as the portal prints them: `1.234,56`, optionally after `R$`. */
export const REAIS_PATTERN = '^(R\\$\\s?)?\\d{1,3}(\\.?\\d{3})*,\\d{2}$';

const instant = { type: 'string', pattern: ISO_INSTANT } as const;
const reais = { type: 'string', pattern: REAIS_PATTERN } as const;
const uf = { type: 'string', enum: [...UFS] } as const;
const cns = { type: 'string', pattern: '^\\d{6}$' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;

const errorSchema: SchemaObject = {
  type: 'object',
  required: ['erro'],
  properties: {
    erro: nonEmpty,
    mensagem: { type: 'string', nullable: true },
    tentar_apos_s: { type: 'number', minimum: 0, nullable: true },
    aceita_a_partir_de: { ...instant, nullable: true },
    numero_pedido: { type: 'string', nullable: true },
    cns: { ...cns, nullable: true },
  },
};

const loginSchema: SchemaObject = {
  type: 'object',
  required: ['situacao', 'expira_em'],
  properties: { situacao: { type: 'string', const: 'AUTENTICADO' }, expira_em: { ...instant, nullable: true } },
};

const officeSchema: SchemaObject = {
  type: 'object',
  required: ['cns', 'numero', 'nome', 'municipio', 'uf', 'fuso_horario', 'situacao'],
  properties: {
    cns,
    numero: { type: 'integer', minimum: 1 },
    nome: nonEmpty,
    municipio: nonEmpty,
    uf,
    fuso_horario: nonEmpty,
    situacao: { type: 'string', enum: ['ATIVO', 'FORA_DO_AR'] },
  },
};

const catalogSchema: SchemaObject = {
  type: 'object',
  required: ['gerado_em', 'total', 'cartorios'],
  properties: { gerado_em: instant, total: count, cartorios: { type: 'array', items: officeSchema } },
};

const tariffsSchema: SchemaObject = {
  type: 'object',
  required: ['vigencia', 'pesquisa_previa', 'cartorios'],
  properties: {
    vigencia: { type: 'string', pattern: ISO_DATE },
    pesquisa_previa: {
      type: 'array',
      items: { type: 'object', required: ['uf', 'valor'], properties: { uf, valor: reais } },
    },
    cartorios: {
      type: 'array',
      items: {
        type: 'object',
        required: ['cns', 'certidao', 'visualizacao'],
        properties: { cns, certidao: reais, visualizacao: reais },
      },
    },
  },
};

const searchRowSchema: SchemaObject = {
  type: 'object',
  required: ['matricula', 'cns', 'cartorio', 'numero_cartorio', 'municipio', 'uf', 'coleta_incompleta', 'sem_resposta'],
  properties: {
    matricula: nonEmpty,
    cns,
    cartorio: nonEmpty,
    numero_cartorio: { type: 'integer', minimum: 1 },
    municipio: nonEmpty,
    uf,
    coleta_incompleta: { type: 'boolean' },
    sem_resposta: { type: 'boolean' },
  },
};

const searchSchema: SchemaObject = {
  type: 'object',
  required: [
    'numero_pedido',
    'situacao',
    'resultado',
    'pesquisado',
    'uf',
    'executada_em',
    'duracao_ms',
    'varredura_ms',
    'linhas',
    'cobertura',
    'comprovante_url',
  ],
  properties: {
    numero_pedido: nonEmpty,
    situacao: { type: 'string', enum: ['CONCLUIDA', 'EM_RETENTATIVA'] },
    resultado: { type: 'string', enum: ['POSITIVO', 'NEGATIVO'] },
    pesquisado: {
      type: 'object',
      required: ['nome', 'documento'],
      properties: { nome: { type: 'string', nullable: true }, documento: nonEmpty },
    },
    uf,
    executada_em: instant,
    duracao_ms: count,
    varredura_ms: count,
    linhas: { type: 'array', items: searchRowSchema },
    cobertura: {
      type: 'object',
      required: [
        'cartorios_total',
        'cartorios_responderam',
        'cartorios_fora_do_ar',
        'cartorios_coleta_incompleta',
        'total_linhas',
        'retentativas_realizadas',
      ],
      properties: {
        cartorios_total: count,
        cartorios_responderam: count,
        cartorios_fora_do_ar: count,
        cartorios_coleta_incompleta: count,
        total_linhas: count,
        retentativas_realizadas: count,
      },
    },
    comprovante_url: nonEmpty,
  },
};

const officeRefSchema: SchemaObject = {
  type: 'object',
  required: ['cns', 'nome', 'numero', 'municipio', 'uf'],
  properties: { cns, nome: nonEmpty, numero: { type: 'integer', minimum: 1 }, municipio: nonEmpty, uf },
};

const documentLinkSchema: SchemaObject = {
  type: 'object',
  required: ['url', 'expira_em'],
  properties: { url: nonEmpty, expira_em: instant },
};

const recordViewSchema: SchemaObject = {
  type: 'object',
  required: [
    'numero_pedido',
    'situacao',
    'matricula',
    'matricula_solicitada',
    'cartorio',
    'documento',
    'valor',
    'entregue_em',
  ],
  properties: {
    numero_pedido: nonEmpty,
    situacao: { type: 'string', const: 'ENTREGUE' },
    matricula: nonEmpty,
    matricula_solicitada: nonEmpty,
    cartorio: officeRefSchema,
    documento: documentLinkSchema,
    valor: reais,
    entregue_em: instant,
  },
};

const certificateOrderSchema: SchemaObject = {
  type: 'object',
  required: ['numero_pedido', 'situacao', 'previsao_entrega_em', 'valor', 'aceito_em', 'mensagem'],
  properties: {
    numero_pedido: { type: 'string', minLength: 1, nullable: true },
    situacao: { type: 'string', enum: ['EM_ANDAMENTO', 'ACEITO_SEM_PROTOCOLO'] },
    previsao_entrega_em: { ...instant, nullable: true },
    valor: reais,
    aceito_em: instant,
    mensagem: { type: 'string' },
  },
};

const certificateDetailSchema: SchemaObject = {
  type: 'object',
  required: [
    'numero_pedido',
    'situacao',
    'previsao_entrega_em',
    'aceito_em',
    'valor',
    'matricula',
    'cartorio',
    'documento',
    'codigo_validacao',
    'emitida_em',
  ],
  properties: {
    numero_pedido: nonEmpty,
    situacao: { type: 'string', enum: ['EM_ANDAMENTO', 'EMITIDA'] },
    previsao_entrega_em: instant,
    aceito_em: instant,
    valor: reais,
    matricula: nonEmpty,
    cartorio: officeRefSchema,
    documento: { ...documentLinkSchema, nullable: true },
    codigo_validacao: { type: 'string', minLength: 1, nullable: true },
    emitida_em: { ...instant, nullable: true },
  },
};

const orderDetailSchema: SchemaObject = {
  type: 'object',
  required: ['produto'],
  oneOf: [
    {
      type: 'object',
      required: ['produto', 'pesquisa'],
      properties: { produto: { type: 'string', const: 'PESQUISA_PREVIA' }, pesquisa: searchSchema },
    },
    {
      type: 'object',
      required: ['produto', 'numero_pedido', 'situacao', 'visualizacao'],
      properties: {
        produto: { type: 'string', const: 'VISUALIZACAO' },
        numero_pedido: nonEmpty,
        situacao: { type: 'string', enum: ['EM_ANDAMENTO', 'ENTREGUE'] },
        visualizacao: { ...recordViewSchema, nullable: true },
      },
    },
    {
      type: 'object',
      required: ['produto', 'certidao'],
      properties: { produto: { type: 'string', const: 'CERTIDAO' }, certidao: certificateDetailSchema },
    },
  ],
};

const orderListSchema: SchemaObject = {
  type: 'object',
  required: ['pedidos'],
  properties: {
    pedidos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['numero_pedido', 'produto', 'situacao', 'criado_em', 'cns', 'matricula', 'documento', 'valor'],
        properties: {
          numero_pedido: nonEmpty,
          produto: { type: 'string', enum: ['PESQUISA_PREVIA', 'VISUALIZACAO'] },
          situacao: { type: 'string', enum: ['CONCLUIDO', 'EM_ANDAMENTO'] },
          criado_em: instant,
          cns: { ...cns, nullable: true },
          matricula: { type: 'string', nullable: true },
          documento: { ...documentLinkSchema, nullable: true },
          valor: reais,
        },
      },
    },
  },
};

/** One ajv instance for the driver; `strict` catches a schema typo in the driver's tests, not in production traffic. */
const ajv = new Ajv({ strict: true, allErrors: false });

/** The driver's validators, each compiled at its first call (docs/decisions/0180). */
export interface WireValidators {
  readonly error: () => ValidateFunction<WireError>;
  readonly login: () => ValidateFunction<WireLoginResponse>;
  readonly catalog: () => ValidateFunction<WireCatalog>;
  readonly tariffs: () => ValidateFunction<WireTariffs>;
  readonly search: () => ValidateFunction<WireSearch>;
  readonly recordView: () => ValidateFunction<WireRecordView>;
  readonly certificateOrder: () => ValidateFunction<WireCertificateOrder>;
  readonly orderDetail: () => ValidateFunction<WireOrderDetail>;
  readonly orderList: () => ValidateFunction<WireOrderList>;
}

// The driver's contract tests and wire-schemas.compile use every one.
export const wireValidators: WireValidators = Object.freeze({
  error: compileOnFirstUse<WireError>(ajv, errorSchema),
  login: compileOnFirstUse<WireLoginResponse>(ajv, loginSchema),
  catalog: compileOnFirstUse<WireCatalog>(ajv, catalogSchema),
  tariffs: compileOnFirstUse<WireTariffs>(ajv, tariffsSchema),
  search: compileOnFirstUse<WireSearch>(ajv, searchSchema),
  recordView: compileOnFirstUse<WireRecordView>(ajv, recordViewSchema),
  certificateOrder: compileOnFirstUse<WireCertificateOrder>(ajv, certificateOrderSchema),
  orderDetail: compileOnFirstUse<WireOrderDetail>(ajv, orderDetailSchema),
  orderList: compileOnFirstUse<WireOrderList>(ajv, orderListSchema),
});
