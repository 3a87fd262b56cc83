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
const alvos: JsonObject = {
  type: 'string',
  const: 'alvos',
  description: 'Um lote de alvos: um pedido por item (CPF/CNPJ × UF).',
};
const anyAbrangencia: JsonObject = {
  type: 'string',
  enum: ['nacional', 'alvos'],
  description: 'nacional: um pedido por UF ofertada; alvos: um pedido por item (CPF/CNPJ × UF), na ordem enviada.',
};
const itemIndex = integer('Só em lotes de alvos: o índice do item em itens (0 é o primeiro).', { minimum: 0 });
const cpfCnpj = text('O CPF/CNPJ do item, só dígitos.');
const itensNaoOfertados: JsonObject = {
  type: 'array',
  description: 'Os itens cuja UF não é ofertada, e por quê. Um só deles recusa o lote inteiro (602): envie-o sem eles.',
  items: objectSchema('Um item não ofertado.', { item: itemIndex, cpf_cnpj: cpfCnpj, uf, motivo }),
};
const itensCotados: JsonObject = {
  type: 'array',
  description: 'Os itens ofertados, na ordem enviada, cada um com seu preço (um pedido e uma cobrança cada).',
  items: objectSchema('Um item ofertado.', { item: itemIndex, cpf_cnpj: cpfCnpj, uf, preco: ref('Preco') }),
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
  OrcamentoLote: objectSchema(
    'Orçamento de um lote de alvos (code 200): uma pesquisa e uma cobrança por item; preco.total é a soma que a execução debita.',
    {
      fonte,
      abrangencia: alvos,
      disponivel: { type: 'boolean', const: true, description: 'true: todos os itens ofertados.' },
      preco: objectSchema('A soma dos itens.', {
        total: reais('O que a execução vai debitar, em reais: a soma dos preços dos itens.'),
        estimado: { type: 'boolean', const: true, description: 'Sempre true.' },
      }),
      itens: itensCotados,
      itens_nao_ofertados: { type: 'array', maxItems: 0, description: 'Vazia.' },
    },
  ),
  IndisponivelLote: objectSchema(
    'Lote de alvos recusado inteiro (code 602): ao menos um item não é ofertado; nada foi cobrado, a origem não foi chamada.',
    {
      fonte,
      abrangencia: alvos,
      disponivel: { type: 'boolean', const: false, description: 'false: algum item não é ofertado.' },
      motivo,
      preco: { type: 'null', description: 'null: o lote não tem preço.' },
      itens: itensCotados,
      itens_nao_ofertados: itensNaoOfertados,
    },
  ),
  LoteAlvosAceito: objectSchema(
    'Um lote de alvos aceito (data[0] do 202): o lote e um pedido por item, na ordem enviada, cada um com seu protocolo e seu preço.',
    {
      lote: LOTE_SCHEMA,
      fonte,
      abrangencia: alvos,
      estado: { type: 'string', const: 'processando', description: 'Estado do lote.' },
      consultar_em: text('Caminho relativo da visão do lote: /v1/lotes/<lote>.', { pattern: '^/v1/lotes/[0-9]+$' }),
      consultar_daqui_s: integer('Segundos até o último item ficar pronto, pela fila de hoje.', { minimum: 1 }),
      pedidos: {
        type: 'array',
        description: 'Um pedido por item: cada um é um pedido comum (GET /v1/consultas/{protocolo}).',
        items: objectSchema('O pedido de um item.', {
          item: itemIndex,
          cpf_cnpj: cpfCnpj,
          uf,
          protocolo: PROTOCOLO_SCHEMA,
          consultar_em: text('Caminho do resultado: /v1/consultas/<protocolo>.', { pattern: '^/v1/consultas/[0-9]+$' }),
          consultar_daqui_s: integer('Segundos a esperar por este item.', { minimum: 1 }),
          preco: reais('O valor debitado por este item, em reais.'),
        }),
      },
    },
  ),
  ImovelEncontradoNoLote: objectSchema(
    'Uma matrícula achada em alguma UF do lote (os campos de ImovelEncontrado), com a UF pesquisada e o protocolo do pedido que a achou.',
    {
      ...imovelProperties,
      item: itemIndex,
      cpf_cnpj: cpfCnpj,
      uf_pesquisada: uf,
      protocolo: PROTOCOLO_SCHEMA,
    },
    ['item', 'cpf_cnpj'],
  ),
  Lote: objectSchema(
    'A visão combinada de um lote: cada UF, onde está, e os achados de todas as UFs concluídas numa lista só. Lê só o estado guardado.',
    {
      lote: LOTE_SCHEMA,
      fonte,
      abrangencia: anyAbrangencia,
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
      resumo: objectSchema(
        'Contagens (num lote de alvos, de itens; ufs conta as UFs distintas).',
        {
          itens: integer('Só em lotes de alvos: itens no lote.'),
          ufs: integer('UFs no lote.'),
          concluidas: integer('UFs com resposta (sucesso ou nada encontrado).'),
          pendentes: integer('UFs ainda em andamento.'),
          falhas: integer('UFs encerradas sem conclusão (veja classe em cobertura).'),
          imoveis: integer('Matrículas achadas, somando as UFs.'),
        },
        ['itens'],
      ),
      cobertura: {
        type: 'array',
        description: 'Uma entrada por pedido do lote: em ordem de UF (nacional) ou na ordem dos itens (alvos).',
        items: objectSchema(
          'Onde um pedido do lote está.',
          {
            item: itemIndex,
            cpf_cnpj: cpfCnpj,
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
          },
          ['item', 'cpf_cnpj'],
        ),
      },
      imoveis: {
        type: 'array',
        description: 'Os achados de todas as UFs concluídas, numa lista só.',
        items: ref('ImovelEncontradoNoLote'),
      },
    },
  ),
};
