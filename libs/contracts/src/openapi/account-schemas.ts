import { FONTES, scopeOf } from '../products';
import type { JsonObject } from './json';
import { instant, nullable, nullableText, objectSchema, reais, text } from './schema-helpers';

/** `data[0]` of `GET /v1/token` and the lines of `GET /v1/extrato` (docs/api.md; decisions 0015, 0018). */
export const ACCOUNT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Token: objectSchema('O token verificado (spec 5.5).', {
    conta: text('A conta a que o token pertence.', { format: 'uuid' }),
    token_id: text('O id do token (seu jti): cite-o para revogá-lo.', { format: 'uuid' }),
    escopos: {
      type: 'array',
      description: 'Os escopos do token, consultas:{fonte}, na ordem dos produtos.',
      items: { type: 'string', enum: FONTES.map(scopeOf) },
    },
    expira_em: instant('Quando o token deixa de valer (ISO 8601, UTC).'),
  }),
  ExtratoLinha: objectSchema('Uma linha do extrato da conta do token, na ordem em que foi aplicada.', {
    lancamento_id: text('O lançamento no razão.', { format: 'uuid' }),
    data_hora: instant('Quando foi aplicado (ISO 8601, UTC).'),
    tipo: text('recarga, debito (uma execução), estorno (devolução) ou ajuste (ajuste manual).'),
    valor: reais('Valor com sinal, em reais: negativo num débito.'),
    saldo_apos: reais('Saldo em reais logo depois desta linha.'),
    protocolo: nullableText('O protocolo do pedido, em debito e estorno.'),
    fonte: nullableText('O produto do pedido, em debito e estorno.'),
    uf: nullableText('A UF do pedido, em debito e estorno.'),
    codigo_resultado: nullable({
      type: 'integer',
      description: 'O código de resultado que causou uma devolução (spec 7.3).',
    }),
    classe_resultado: nullableText('A classe desse código (spec 7.3).'),
    referencia: nullableText('A referência de pagamento de uma recarga.'),
    motivo: nullableText('Por que uma devolução ou um ajuste foi feito.'),
  }),
};
