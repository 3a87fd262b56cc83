import { FONTES } from '../products';
import { UNAVAILABLE_MOTIVO_QUANDO, UNAVAILABLE_MOTIVOS } from '../unavailable-motivos';
import type { JsonObject } from './json';
import { integer, objectSchema, reais, ref, text } from './schema-helpers';

const fonte: JsonObject = { type: 'string', enum: [...FONTES], description: 'O produto.' };

const ufCotada = text('Pesquisa prévia: a UF cotada.');
const cartorio = { ...ref('Cartorio'), description: 'Visualização e certidão: o cartório encontrado.' };

const motivoTable = UNAVAILABLE_MOTIVOS.map((motivo) => `- \`${motivo}\`: ${UNAVAILABLE_MOTIVO_QUANDO[motivo]}`);

/** `data[0]` of a quote (docs/decisions/0025) and of a 602 (contract 7.6: unavailable, free, origin not called). */
export const QUOTE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Preco: objectSchema('O preço cotado (contract 4, quote rule 2).', {
    total: reais('O que a execução vai debitar, em reais (emolumentos + margem).'),
    estimado: { type: 'boolean', const: true, description: 'Sempre true.' },
    emolumentos: reais('A taxa da origem (do cartório, ou da UF na pesquisa), em reais.'),
    margem: reais('A margem do serviço no plano da conta, em reais.'),
  }),
  Cartorio: objectSchema('Um cartório do catálogo local.', {
    nome: text('Nome do cartório.'),
    cns: text('Código nacional (CNS) do cartório.'),
    numero: integer('Número do cartório.'),
    municipio: text('Município do cartório.'),
    uf: text('UF do cartório.'),
  }),
  Orcamento: objectSchema(
    'Orçamento (code 200): o único número que bate com a cobrança; o preço publicado por produto é só um piso.',
    {
      fonte,
      disponivel: { type: 'boolean', const: true, description: 'true: cotado.' },
      preco: ref('Preco'),
      cartorio,
      uf: ufCotada,
    },
    ['cartorio', 'uf'],
  ),
  Indisponivel: objectSchema(
    `Indisponível (code 602): nada foi cobrado e a origem não foi chamada (contract 7.6). motivo:\n\n${motivoTable.join('\n')}`,
    {
      fonte,
      disponivel: { type: 'boolean', const: false, description: 'false: não ofertado.' },
      preco: { type: 'null', description: 'null: não há preço (não é preço zero).' },
      motivo: { type: 'string', enum: [...UNAVAILABLE_MOTIVOS], description: 'Por que não é ofertado.' },
      cartorio,
      uf: ufCotada,
      aceito_novamente_a_partir_de: {
        type: 'string',
        format: 'date',
        description:
          'Só com pedido_em_vigor: o DIA (AAAA-MM-DD, no fuso do cartório) a partir do qual o mesmo produto nessa matrícula e cartório é aceito de novo — nunca o instante do pedido de outro cliente (decisão 0048).',
      },
    },
    ['cartorio', 'uf', 'aceito_novamente_a_partir_de'],
  ),
};
