import { FONTES } from '../products';
import { QUOTE_REFUSAL_MOTIVOS, UNAVAILABLE_MOTIVOS } from '../unavailable-motivos';
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
  description: 'Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).',
};
const alvos: JsonObject = {
  type: 'string',
  const: 'alvos',
  description: 'Um lote de alvos: um pedido por item (CPF/CNPJ × UF).',
};
const anyAbrangencia: JsonObject = {
  type: 'string',
  enum: ['nacional', 'alvos', 'imoveis'],
  description:
    'nacional: um pedido por UF ofertada; alvos: um pedido por item (CPF/CNPJ × UF), na ordem enviada; imoveis: uma visualização ou certidão por item (matrícula × cartório), na ordem enviada.',
};
const anyFonte: JsonObject = {
  type: 'string',
  enum: [...FONTES],
  description: 'O produto de todos os pedidos do lote.',
};
const imovelFonte: JsonObject = {
  type: 'string',
  enum: ['visualizacao-matricula', 'certidao-inteiro-teor'],
  description: 'O produto de todos os itens.',
};
const imoveis: JsonObject = {
  type: 'string',
  const: 'imoveis',
  description: 'Um lote de pedidos de imóveis: um pedido por item (matrícula × cartório).',
};
const imovelItemIndex = integer('O índice do item em itens (0 é o primeiro).', { minimum: 0 });
const imovelMatricula = text('A imovel_matricula do item, como enviada.');
const cartorio: JsonObject = { ...ref('Cartorio'), description: 'O cartório do item, pelo catálogo local.' };
const imovelMotivo: JsonObject = {
  type: 'string',
  enum: [...UNAVAILABLE_MOTIVOS],
  description:
    'O que o pedido do item sozinho receberia (602), ou pedido_em_vigor para a mesma matrícula no mesmo cartório repetida no lote (mesmo_imovel_do_item).',
};
const itensImoveisCotados: JsonObject = {
  type: 'array',
  description: 'Os itens que podem ser pedidos, na ordem enviada, cada um com seu cartório e seu preço.',
  items: objectSchema('Um item ofertado.', {
    item: imovelItemIndex,
    imovel_matricula: imovelMatricula,
    cartorio,
    preco: ref('Preco'),
  }),
};
const itensImoveisNaoOfertados: JsonObject = {
  type: 'array',
  description:
    'Os itens que não podem ser pedidos, e por quê. Um só deles recusa o lote inteiro (602): envie-o sem eles.',
  items: objectSchema('Um item que não pode ser pedido.', {
    item: imovelItemIndex,
    imovel_matricula: imovelMatricula,
    imovel_uf: uf,
    motivo: imovelMotivo,
    mesmo_imovel_do_item: nullable(
      integer('A mesma matrícula no mesmo cartório já está no item com este índice (o pedido dele bloquearia este).', {
        minimum: 0,
      }),
    ),
    aceito_novamente_a_partir_de: nullable({
      type: 'string',
      format: 'date',
      description:
        'Matrícula já pedida na plataforma nos últimos 7 dias (contract 3): o dia do cartório a partir do qual é aceita de novo; null nos outros casos.',
    }),
  }),
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
  OrcamentoLoteImoveis: objectSchema(
    'Orçamento de um lote de visualizações ou certidões (code 200): um pedido e uma cobrança por item, cada um ao preço do seu orçamento sozinho; preco.total é a soma que a execução debita.',
    {
      fonte: imovelFonte,
      abrangencia: imoveis,
      disponivel: { type: 'boolean', const: true, description: 'true: todos os itens podem ser pedidos.' },
      preco: objectSchema('A soma dos itens.', {
        total: reais('O que a execução vai debitar, em reais: a soma dos preços dos itens.'),
        estimado: { type: 'boolean', const: true, description: 'Sempre true.' },
      }),
      itens: itensImoveisCotados,
      itens_nao_ofertados: { type: 'array', maxItems: 0, description: 'Vazia.' },
    },
  ),
  IndisponivelLoteImoveis: objectSchema(
    'Lote de visualizações ou certidões recusado inteiro (code 602): ao menos um item não pode ser pedido; nada foi cobrado, a origem não foi chamada.',
    {
      fonte: imovelFonte,
      abrangencia: imoveis,
      disponivel: { type: 'boolean', const: false, description: 'false: algum item não pode ser pedido.' },
      motivo: {
        ...imovelMotivo,
        description: 'O motivo do primeiro item que não pode ser pedido (cada item diz o seu).',
      },
      preco: { type: 'null', description: 'null: o lote não tem preço.' },
      itens: itensImoveisCotados,
      itens_nao_ofertados: itensImoveisNaoOfertados,
    },
  ),
  LoteImoveisAceito: objectSchema(
    'Um lote de visualizações ou certidões aceito (data[0] do 202): o lote e um pedido por item, na ordem enviada, cada um com seu protocolo e seu preço.',
    {
      lote: LOTE_SCHEMA,
      fonte: imovelFonte,
      abrangencia: imoveis,
      estado: { type: 'string', const: 'processando', description: 'Estado do lote.' },
      consultar_em: text('Caminho relativo da visão do lote: /v1/lotes/<lote>.', { pattern: '^/v1/lotes/[0-9]+$' }),
      consultar_daqui_s: integer('Segundos até o último item ficar pronto, pela fila de hoje.', { minimum: 1 }),
      pedidos: {
        type: 'array',
        description: 'Um pedido por item: cada um é um pedido comum (GET /v1/consultas/{protocolo}).',
        items: objectSchema('O pedido de um item.', {
          item: imovelItemIndex,
          imovel_matricula: imovelMatricula,
          cartorio,
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
    'A visão combinada de um lote: cada pedido (UF ou item), onde está, e os achados de todas as pesquisas concluídas numa lista só. Lê só o estado guardado.',
    {
      lote: LOTE_SCHEMA,
      fonte: anyFonte,
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
        'Contagens (num lote de alvos ou de imóveis, de itens; ufs conta as UFs distintas).',
        {
          itens: integer('Só em lotes de alvos e de imóveis: itens no lote.'),
          ufs: integer('UFs no lote.'),
          concluidas: integer('UFs com resposta (sucesso ou nada encontrado).'),
          pendentes: integer('UFs ainda em andamento.'),
          falhas: integer('UFs encerradas sem conclusão (veja classe em cobertura).'),
          imoveis: integer('Matrículas achadas, somando as UFs (0 num lote de imóveis).'),
        },
        ['itens'],
      ),
      cobertura: {
        type: 'array',
        description:
          'Uma entrada por pedido do lote: em ordem de UF (nacional) ou na ordem dos itens (alvos, imoveis).',
        items: objectSchema(
          'Onde um pedido do lote está.',
          {
            item: integer('Só em lotes de alvos e de imóveis: o índice do item em itens (0 é o primeiro).', {
              minimum: 0,
            }),
            cpf_cnpj: cpfCnpj,
            imovel_matricula: {
              ...imovelMatricula,
              description: 'Só em lotes de imóveis: a imovel_matricula do item.',
            },
            status_consulta: nullable(
              text(
                'Só em lotes de imóveis: o status_consulta do pedido (EM_EMISSAO, SUCESSO, INDISPONIVEL na certidão; SUCESSO na visualização); null enquanto não há.',
              ),
            ),
            uf,
            protocolo: PROTOCOLO_SCHEMA,
            consultar_em: text('Caminho do resultado desta UF.', { pattern: '^/v1/consultas/[0-9]+$' }),
            situacao: {
              type: 'string',
              enum: ['concluida', 'pendente', 'falhou'],
              description:
                'concluida: sucesso ou nao_encontrado; falhou: encerrada em outra classe (contract 7.3); pendente: em andamento.',
            },
            codigo: nullable(integer('O code do resultado desta UF (contract 7.3); null enquanto pendente.')),
            classe: nullable(
              text('A classe do code (sucesso, nao_encontrado, indeterminado, erro_participante, retry, fatal).'),
            ),
            nada_consta: nullable({ type: 'boolean', description: 'O nada_consta desta UF, quando concluída.' }),
            provisorio: nullable({ type: 'boolean', description: 'O provisorio desta UF, quando concluída.' }),
            imoveis_encontrados: nullable(integer('Matrículas achadas nesta UF; null enquanto pendente.')),
            consultar_daqui_s: nullable(integer('Enquanto pendente: segundos a esperar por esta UF.', { minimum: 1 })),
            preco: reais('O valor debitado por esta UF, em reais.'),
          },
          ['item', 'cpf_cnpj', 'imovel_matricula', 'status_consulta'],
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
