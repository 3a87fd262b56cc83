import type { JsonObject } from './json';
import { nullable, nullableText, objectSchema, text, textList } from './schema-helpers';

/** Contract 2.5 and 2.6 `documento_url`: the archived copy, relative to the API address or absolute (decision 0031). */
export const DOCUMENTO_URL_SCHEMA: JsonObject = nullable({
  type: 'string',
  format: 'uri-reference',
  description:
    'A cópia arquivada pelo serviço: GET /v1/consultas/{protocolo}/documento (relativa ao endereço da API, ou absoluta). Autentica com o mesmo Bearer; não expira. null enquanto não arquivada.',
});

/** `data[0]` of a finished `visualizacao-matricula` (contract 2.5, 11 fields in 3 blocks). */
export const RECORD_VIEW_RESULT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  ResultadoVisualizacaoMatricula: objectSchema(
    'Resultado de visualizacao-matricula (contract 2.5, beta): o conteúdo da matrícula em PDF. É informação, não certidão: sem fé pública, sem validade declarada.',
    {
      status_consulta: nullable({
        type: 'string',
        enum: ['SUCESSO'],
        description: 'SUCESSO quando o documento foi entregue: estado da consulta, não veredito sobre o imóvel.',
      }),
      documento_url: DOCUMENTO_URL_SCHEMA,
      mensagem: text('Frase para exibição, com o aviso de que a visualização não tem fé pública.'),
      site_receipts: textList('URL do PDF na origem; expira em 7 dias; só para conferência e auditoria.'),
      identificadores: objectSchema('Identificadores do pedido.', {
        numero_pedido: nullableText('Protocolo do pedido no cartório: guarde-o; concilia uma taxa paga.'),
        matricula: nullableText(
          'Matrícula efetivamente servida: quando o cartório devolve um número, ele prevalece sobre o enviado.',
        ),
      }),
      dados: objectSchema('Dados da matrícula.', {
        conteudo: nullableText(
          'Texto da matrícula quando o cartório devolve uma camada de texto; null não significa que falta o documento.',
        ),
        cartorio: nullableText('Nome completo do cartório.'),
        municipio: nullableText('Município do cartório.'),
        uf: nullableText('UF do cartório.', { minLength: 2, maxLength: 2 }),
        total_pago: nullableText('Total cobrado, formatado em reais; o mesmo valor do price da aceitação.'),
      }),
    },
  ),
};
