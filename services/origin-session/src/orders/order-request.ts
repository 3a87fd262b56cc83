import { isUf } from '@regapi/br';
import { type Finalidade, type Fonte, isFonte } from '@regapi/contracts';
import type { PropertyRef, SearchQuery } from '@regapi/origin';
import { Ajv } from 'ajv';

/**
 * What origin-session needs from an order's stored `request` (the gateway stores the normalized request of
 * libs/contracts `validateRequest`; the raw body is read too). Validated here, at this service's edge:
 * the column is jsonb written by another service.
 */
export type OrderInput =
  | { readonly fonte: 'pesquisa-previa-bens'; readonly query: SearchQuery }
  | {
      readonly fonte: 'visualizacao-matricula';
      readonly property: PropertyRef;
      readonly finalidade: Finalidade | undefined;
    }
  | { readonly fonte: 'certidao-inteiro-teor'; readonly property: PropertyRef };

const finalidade = { enum: [1, 2, 3, null] } as const;

const searchSchema = {
  type: 'object',
  required: ['cpf_cnpj', 'uf'],
  properties: {
    cpf_cnpj: { type: 'string', minLength: 11 },
    uf: { type: 'string', pattern: '^[A-Z]{2}$' },
    nome: { type: ['string', 'null'] },
    finalidade,
    finalidadeExplicit: { type: 'boolean' },
  },
} as const;

const propertySchema = {
  type: 'object',
  required: ['imovel_matricula', 'imovel_cartorio', 'imovel_municipio', 'imovel_uf'],
  properties: {
    imovel_matricula: { type: 'string', minLength: 1 },
    imovel_cartorio: { type: 'integer', minimum: 1 },
    imovel_municipio: { type: 'string', minLength: 1 },
    imovel_uf: { type: 'string', pattern: '^[A-Z]{2}$' },
    finalidade,
    imovel_finalidade: finalidade,
    finalidadeExplicit: { type: 'boolean' },
  },
} as const;

interface StoredSearch {
  cpf_cnpj: string;
  uf: string;
  nome?: string | null;
  finalidade?: Finalidade | null;
  finalidadeExplicit?: boolean;
}

interface StoredProperty {
  imovel_matricula: string;
  imovel_cartorio: number;
  imovel_municipio: string;
  imovel_uf: string;
  finalidade?: Finalidade | null;
  imovel_finalidade?: Finalidade | null;
  finalidadeExplicit?: boolean;
}

const ajv = new Ajv();
const checkSearch = ajv.compile<StoredSearch>(searchSchema);
const checkProperty = ajv.compile<StoredProperty>(propertySchema);

/**
 * Contract 2.3: `finalidade` 3 goes to the origin only when the client gave it. A normalized request says so in
 * `finalidadeExplicit`; a raw body has the field only when it was given. Otherwise nothing is sent and the driver
 * declares the default, 2.
 */
function explicitFinalidade(
  value: Finalidade | null | undefined,
  explicit: boolean | undefined,
): Finalidade | undefined {
  if (value === null || value === undefined) return undefined;
  return explicit === false ? undefined : value;
}

export function parseOrderInput(fonte: string, request: unknown): OrderInput | undefined {
  if (!isFonte(fonte)) return undefined;
  return readInput(fonte, request);
}

function readInput(fonte: Fonte, request: unknown): OrderInput | undefined {
  if (fonte === 'pesquisa-previa-bens') {
    if (!checkSearch(request) || !isUf(request.uf)) return undefined;
    const chosen = explicitFinalidade(request.finalidade, request.finalidadeExplicit);
    const nome = typeof request.nome === 'string' && request.nome.trim() !== '' ? request.nome.trim() : undefined;
    return {
      fonte,
      query: {
        cpfCnpj: request.cpf_cnpj,
        uf: request.uf,
        ...(nome === undefined ? {} : { nome }),
        ...(chosen === undefined ? {} : { finalidade: chosen }),
      },
    };
  }
  if (!checkProperty(request) || !isUf(request.imovel_uf)) return undefined;
  const property: PropertyRef = {
    matricula: request.imovel_matricula,
    cartorioNumero: request.imovel_cartorio,
    cartorioMunicipio: request.imovel_municipio,
    cartorioUf: request.imovel_uf,
  };
  if (fonte === 'certidao-inteiro-teor') return { fonte, property };
  return {
    fonte,
    property,
    finalidade: explicitFinalidade(request.finalidade ?? request.imovel_finalidade, request.finalidadeExplicit),
  };
}
