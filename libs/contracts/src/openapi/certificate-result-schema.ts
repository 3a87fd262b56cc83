import type { JsonObject } from './json';
import { DOCUMENTO_URL_SCHEMA } from './record-view-result-schema';
import { nullable, nullableText, objectSchema, text, textList } from './schema-helpers';

const statusConsulta = (description: string): JsonObject =>
  nullable({ type: 'string', enum: ['EM_EMISSAO', 'SUCESSO', 'INDISPONIVEL'], description });

const numeroPedido = nullableText(
  'Protocolo do cartório. Sem ele a certidão não pode ser baixada e nenhuma listagem o recupera.',
);

const previsao = nullable({
  type: 'string',
  format: 'date-time',
  description:
    'Previsão de entrega (ISO 8601), já calculada em horas úteis do cartório (09:00 às 16:00, seg a sex). No sandbox (token teste), a previsão do cartório simulado, em horas corridas comprimidas, a qualquer dia e hora.',
});

/** `data[0]` of `certidao-inteiro-teor` (contract 2.6, 8 fields in 2 blocks), finished or still being issued. */
export const CERTIFICATE_RESULT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  ResultadoCertidaoInteiroTeor: objectSchema(
    'Resultado de certidao-inteiro-teor (contract 2.6, beta): PDF oficial assinado digitalmente pelo oficial, com fé pública. A data de validade está só na imagem do PDF: nenhum campo a traz.',
    {
      status_consulta: statusConsulta(
        'EM_EMISSAO enquanto o cartório processa; SUCESSO quando o PDF chega; INDISPONIVEL quando o pedido foi aceito sem protocolo (o valor é devolvido integralmente).',
      ),
      status: nullable({
        type: 'string',
        enum: ['Emitida'],
        description: 'Emitida no documento entregue: estado do DOCUMENTO, não veredito; não há campo nada_consta.',
      }),
      previsao_entrega_em: previsao,
      documento_url: DOCUMENTO_URL_SCHEMA,
      certidao_codigo: nullableText(
        'Código do validador de assinatura impresso na camada de texto do PDF: com ele um terceiro verifica a autenticidade.',
      ),
      mensagem: text(
        'Frase para exibição: com EM_EMISSAO, protocolo, prazo e previsão; com SUCESSO, a confirmação de fé pública.',
      ),
      site_receipts: textList('URL do PDF na origem; expira em 7 dias.'),
      identificadores: objectSchema('Identificadores do pedido.', { numero_pedido: numeroPedido }),
    },
  ),
};
