import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { refusals } from './transport-responses';

const TAG = 'Conta';
const bearer = [{ bearer: [] }] as const;

const tokenOperation: Operation = {
  operationId: 'verificarToken',
  tags: [TAG],
  summary: 'Verificar o token',
  description:
    'Verifica o token e seus escopos sem uma chamada paga (spec 5.5): de graça, nunca chama a origem. Qualquer token válido; nenhum escopo.',
  security: bearer,
  responses: {
    '200': {
      description: 'Token válido: data[0] traz a conta, o id do token, os escopos e a validade.',
      headers: GUARDED_HEADERS,
      content: { 'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('Token') }) } },
    },
    ...refusals(401, 403, 429, 500, 503),
  },
};

const extratoOperation: Operation = {
  operationId: 'extrato',
  tags: [TAG],
  summary: 'Extrato da conta',
  description:
    'Só a conta do token: toda recarga, débito, devolução e ajuste, na ordem aplicada, com o saldo depois de cada um. De graça; nenhum escopo (decisão 0018). Um dia que não existe, um parâmetro repetido, de depois de ate ou mais de 366 dias: 422 nomeando de ou ate.',
  security: bearer,
  parameters: [ref('De', 'parameters'), ref('Ate', 'parameters')],
  responses: {
    '200': {
      description:
        "JSON (padrão): um item de data por linha. Com Accept: text/csv, RFC 4180 (vírgula, ponto decimal, CRLF, UTF-8) com linha de cabeçalho (data_hora primeiro), valores como texto com duas casas (-42.50), células vazias para null; texto que começa com =, +, - ou @ leva um ' na frente.",
      headers: GUARDED_HEADERS,
      content: {
        'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('ExtratoLinha') }) },
        'text/csv': { schema: { type: 'string' } },
      },
    },
    ...refusals(401, 403, 422, 429, 500, 503),
  },
};

/** The caller's own account: the token and the statement (docs/api.md). */
export function accountPaths(): Record<string, PathItem> {
  return {
    '/v1/token': { get: tokenOperation },
    '/v1/extrato': { get: extratoOperation },
  };
}
