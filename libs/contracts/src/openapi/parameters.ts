import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_SCHEMA } from '../requests/idempotency-key';
import { LOTE_SCHEMA } from './batch-schemas';
import type { JsonObject } from './json';
import { PROTOCOLO_SCHEMA } from './queue-schemas';
import { standardSchema } from './standard-formats';

const date = (description: string): JsonObject => ({ type: 'string', format: 'date', description });

/** Parameters, by component name. */
export const PARAMETERS: Readonly<Record<string, JsonObject>> = {
  IdempotencyKey: {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: true,
    description:
      'Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave.',
    schema: standardSchema(IDEMPOTENCY_KEY_SCHEMA),
  },
  Protocolo: {
    name: 'protocolo',
    in: 'path',
    required: true,
    description: 'O protocolo devolvido pela execução (contract 2.2).',
    schema: PROTOCOLO_SCHEMA,
  },
  Lote: {
    name: 'lote',
    in: 'path',
    required: true,
    description: 'O lote devolvido pela pesquisa nacional (data[0].lote do 202).',
    schema: LOTE_SCHEMA,
  },
  De: {
    name: 'de',
    in: 'query',
    required: false,
    description: 'Primeiro dia, inclusive, no horário de Brasília. Padrão: 30 dias antes de ate. No máximo 366 dias.',
    schema: date('AAAA-MM-DD.'),
  },
  Ate: {
    name: 'ate',
    in: 'query',
    required: false,
    description: 'Último dia, inclusive, no horário de Brasília. Padrão: hoje.',
    schema: date('AAAA-MM-DD.'),
  },
  Range: {
    name: 'Range',
    in: 'header',
    required: false,
    description:
      'UM intervalo de bytes (bytes=a-b, bytes=a- ou bytes=-n): 206. Vários intervalos ou um valor malformado: o documento inteiro (200).',
    schema: { type: 'string', examples: ['bytes=0-1023'] },
  },
  IfRange: {
    name: 'If-Range',
    in: 'header',
    required: false,
    description: 'O ETag que você tem: o intervalo só é servido se ainda for o atual; senão, o documento inteiro.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'ETags que você tem (ou *): 304 se o documento for um deles.',
    schema: { type: 'string' },
  },
};
