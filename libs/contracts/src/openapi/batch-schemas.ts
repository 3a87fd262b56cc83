import { QUOTE_REFUSAL_MOTIVOS } from '../unavailable-motivos';
import type { JsonObject } from './json';
import { PROTOCOLO_SCHEMA } from './queue-schemas';
import { instant, integer, nullable, objectSchema, reais, ref, text } from './schema-helpers';
import { SEARCH_RESULT_SCHEMAS } from './search-result-schema';

/** A batch's `lote`: digits only, from the protocolo sequence (never an order's protocolo; decision 0087). */
export const LOTE_SCHEMA: JsonObject = {
  ...PROTOCOLO_SCHEMA,
  description:
    'Número do lote, só dígitos (mesmo formato de um protocolo, nunca igual ao protocolo de um pedido). Usado em GET /v1/lotes/{lote}.',
};

const fonte: JsonObject = { type: 'string', const: 'pesquisa-previa-bens', description: 'O produto.' };
const abrangencia: JsonObject = { type: 'string', const: 'nacional', description: 'Todas as UFs ofertadas.' };
const uf = text('A UF.');
const motivo: JsonObject = {
  type: 'string',
  enum: [...QUOTE_REFUSAL_MOTIVOS],
  description: 'Por que a UF não é ofertada (spec 7.9: tarifa R$ 0,00 é desconhecida, não grátis).',
};
const ufsNaoOfertadas: JsonObject = {
  type: 'array',
  description: 'As UFs fora da pesquisa nacional, e por quê: nada é pedido nem cobrado nelas.',
  items: objectSchema('Uma UF não ofertada.', { uf, motivo }),
};

const imovelEncontrado = SEARCH_RESULT_SCHEMAS.ImovelEncontrado;
const imovelProperties = (imovelEncontrado?.properties ?? {}) as Readonly<Record<string, JsonObject>>;

/** The nationwide search (issue 16; docs/decisions/0087): its quote, its 202 and the combined view of the batch. */
export const BATCH_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  OrcamentoNacional: objectSchema(
    'Orçamento da pesquisa nacional (code 200): uma pesquisa e uma cobrança por UF ofertada; preco.total é a soma que a execução debita.',
    {
      fonte,
      abrangencia,
      disponivel: { type: 'boolean', const: true, description: 'true: ao menos uma UF ofertada.' },
      preco: objectSchema('A soma das UFs ofertadas.', {
        total: reais('O que a execução vai debitar, em reais: a soma dos preços das UFs.'),
        estimado: { type: 'boolean', const: true, description: 'Sempre true.' },
      }),
      ufs: {
        type: 'array',
        description: 'As UFs ofertadas, cada uma com seu preço (um pedido e uma cobrança cada).',
        items: objectSchema('Uma UF ofertada.', { uf, preco: ref('Preco') }),
      },
      ufs_nao_ofertadas: ufsNaoOfertadas,
    },
  ),
  IndisponivelNacional: objectSchema(
    'Pesquisa nacional indisponível (code 602): nenhuma UF ofertada; nada foi cobrado, a origem não foi chamada.',
    {
      fonte,
      abrangencia,
      disponivel: { type: 'boolean', const: false, description: 'false: nenhuma UF ofertada.' },
      motivo,
      preco: { type: 'null', description: 'null: não há preço.' },
      ufs: { type: 'array', maxItems: 0, description: 'Vazia.' },
      ufs_nao_ofertadas: ufsNaoOfertadas,
    },
  ),
  LoteAceito: objectSchema(
    'A pesquisa nacional aceita (data[0] do 202): o lote e um pedido por UF, cada um com seu protocolo e seu preço.',
    {
      lote: LOTE_SCHEMA,
      fonte,
      abrangencia,
      estado: { type: 'string', const: 'processando', description: 'Estado do lote.' },
      consultar_em: text('Caminho relativo da visão do lote: /v1/lotes/<lote>.', { pattern: '^/v1/lotes/[0-9]+$' }),
      consultar_daqui_s: integer('Segundos até a última UF ficar pronta, pela fila de hoje.', { minimum: 1 }),
      pedidos: {
        type: 'array',
        description: 'Um pedido por UF ofertada: cada um é um pedido comum (GET /v1/consultas/{protocolo}).',
        items: objectSchema('O pedido de uma UF.', {
          uf,
          protocolo: PROTOCOLO_SCHEMA,
          consultar_em: text('Caminho do resultado: /v1/consultas/<protocolo>.', { pattern: '^/v1/consultas/[0-9]+$' }),
          consultar_daqui_s: integer('Segundos a esperar por esta UF.', { minimum: 1 }),
          preco: reais('O valor debitado por esta UF, em reais.'),
        }),
      },
      ufs_nao_ofertadas: ufsNaoOfertadas,
    },
  ),
  ImovelEncontradoNoLote: objectSchema(
    'Uma matrícula achada em alguma UF do lote (os campos de ImovelEncontrado), com a UF pesquisada e o protocolo do pedido que a achou.',
    {
      ...imovelProperties,
      uf_pesquisada: uf,
      protocolo: PROTOCOLO_SCHEMA,
    },
  ),
  Lote: objectSchema(
    'A visão combinada de um lote: cada UF, onde está, e os achados de todas as UFs concluídas numa lista só. Lê só o estado guardado.',
    {
      lote: LOTE_SCHEMA,
      fonte,
      abrangencia,
      estado: {
        type: 'string',
        enum: ['processando', 'concluido'],
        description: 'concluido quando nenhuma UF está pendente.',
      },
      consultar_daqui_s: nullable(
        integer('Enquanto processando: segundos até a última UF pendente; null concluído.', { minimum: 1 }),
      ),
      criado_em: instant('Quando o lote foi aceito.'),
      debitado: reais(
        'O total debitado na aceitação (a soma das UFs), em reais. Estornos aparecem no pedido de cada UF.',
      ),
      resumo: objectSchema('Contagens.', {
        ufs: integer('UFs no lote.'),
        concluidas: integer('UFs com resposta (sucesso ou nada encontrado).'),
        pendentes: integer('UFs ainda em andamento.'),
        falhas: integer('UFs encerradas sem conclusão (veja classe em cobertura).'),
        imoveis: integer('Matrículas achadas, somando as UFs.'),
      }),
      cobertura: {
        type: 'array',
        description: 'Uma entrada por UF do lote, em ordem de UF.',
        items: objectSchema('Onde uma UF está.', {
          uf,
          protocolo: PROTOCOLO_SCHEMA,
          consultar_em: text('Caminho do resultado desta UF.', { pattern: '^/v1/consultas/[0-9]+$' }),
          situacao: {
            type: 'string',
            enum: ['concluida', 'pendente', 'falhou'],
            description:
              'concluida: sucesso ou nao_encontrado; falhou: encerrada em outra classe (spec 7.3); pendente: em andamento.',
          },
          codigo: nullable(integer('O code do resultado desta UF (spec 7.3); null enquanto pendente.')),
          classe: nullable(
            text('A classe do code (sucesso, nao_encontrado, indeterminado, erro_participante, retry, fatal).'),
          ),
          nada_consta: nullable({ type: 'boolean', description: 'O nada_consta desta UF, quando concluída.' }),
          provisorio: nullable({ type: 'boolean', description: 'O provisorio desta UF, quando concluída.' }),
          imoveis_encontrados: nullable(integer('Matrículas achadas nesta UF; null enquanto pendente.')),
          consultar_daqui_s: nullable(integer('Enquanto pendente: segundos a esperar por esta UF.', { minimum: 1 })),
          preco: reais('O valor debitado por esta UF, em reais.'),
        }),
      },
      imoveis: {
        type: 'array',
        description: 'Os achados de todas as UFs concluídas, numa lista só.',
        items: ref('ImovelEncontradoNoLote'),
      },
    },
  ),
};
