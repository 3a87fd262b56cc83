import type { JsonObject } from './json';
import { flag, integer, nullable, nullableText, objectSchema, ref, text, textList } from './schema-helpers';

/**
 * `data[0]` of a finished `pesquisa-previa-bens` (contract 2.4), with the names contract 2.4 gives the fields the rules leave
 * unnamed. Nullable: what the origin did not report, and everything of a search that ended without a result (contract 2.1).
 */
export const SEARCH_RESULT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  ImovelEncontrado: objectSchema(
    'Uma MATRÍCULA em que o documento aparece; não é uma lista de imóveis do alvo. O papel do alvo (proprietário atual ou anterior, cônjuge, fiador, usufrutuário, credor, herdeiro) e a data do ato não são informados. Os campos do cartório encadeiam direto nos produtos de imóvel (matricula, cartorio_numero, cartorio_municipio, cartorio_uf).',
    {
      matricula: nullableText(
        'Número da matrícula; null quando a origem respondeu "matrícula não informada": o imóvel EXISTE e o documento aparece nele, não é ausência.',
      ),
      cartorio_nome: text('Nome do cartório.'),
      cartorio_cns: text('Código nacional (CNS) do cartório.'),
      cartorio_numero: integer('Número do cartório (o imovel_cartorio dos produtos de imóvel).'),
      cartorio_municipio: text('Município do cartório.'),
      cartorio_uf: text('UF do cartório.'),
      coleta_incompleta: flag('O cartório declarou coleta incompleta.'),
      sem_resposta: flag('O cartório não respondeu nesta execução.'),
    },
  ),
  Cobertura: objectSchema('Prova de alcance da pesquisa (contract 2.4).', {
    retries_pendentes: flag('A origem ainda não fechou a pesquisa.'),
    leitura_parcial: flag(
      'Menos cartórios lidos do que a origem declara existir; um nada consta com isto true não é conclusivo.',
    ),
    linhas_na_origem: integer(
      'Linhas devolvidas pela origem: passa do número de cartórios sempre que há achado (um cartório com achados repete, uma linha por matrícula). Serve só para conferir paginação.',
    ),
    cartorios_responderam: integer('Cartórios DISTINTOS que responderam.'),
    linhas_retornadas: integer(
      'Duplicata de linhas_na_origem mantida por compatibilidade: NÃO é contagem de cartórios.',
    ),
    cartorios_fora_do_ar: integer('Cartórios fora de serviço.'),
    cartorios_coleta_incompleta: integer('Cartórios com coleta incompleta.'),
    retries_realizados: integer('Novas tentativas já feitas pela origem.'),
  }),
  ResultadoPesquisaPreviaBens: objectSchema(
    'Resultado de pesquisa-previa-bens (contract 2.4): INDÍCIO de propriedade, nunca confirmação. Alcance: matrículas desde 01/01/1976.',
    {
      resultado: nullable({ type: 'string', enum: ['POSITIVO', 'NEGATIVO'], description: 'Desfecho da pesquisa.' }),
      quantidade_imoveis: nullable(integer('Quantidade de matrículas encontradas.', { minimum: 0 })),
      nada_consta: flag(
        'true só quando a pesquisa FECHOU sem achado; false sempre que cobertura.retries_pendentes é true (negativo provisório), mesmo sem achado.',
      ),
      provisorio: flag('true enquanto a origem ainda tenta cartórios que não responderam: o resultado pode mudar.'),
      confianca: nullable({
        type: 'string',
        enum: ['INDICIO'],
        description:
          'INDICIO em toda pesquisa que chegou a um resultado (nenhuma entrada muda isso); null numa pesquisa que terminou sem resultado: nada foi concluído, não há grau de confiança a declarar.',
      }),
      pesquisado_nome: nullableText(
        'Quem a ORIGEM diz ter pesquisado, na grafia dela; pode diferir do nome enviado. Compare programaticamente; não prova identidade.',
      ),
      pesquisado_documento: nullableText('Documento efetivamente pesquisado, formatado. Compare também.'),
      protocolo_origem: nullableText('Protocolo do pedido na origem: chave de conciliação, guarde-o.'),
      pesquisado_em: nullable({
        type: 'string',
        format: 'date-time',
        description: 'Quando a origem executou a pesquisa (ISO 8601).',
      }),
      uf_pesquisada: nullableText('UF efetivamente pesquisada.'),
      resumo: text('Resumo em linguagem simples, para exibição.'),
      imoveis: nullable({
        type: 'array',
        description: 'Uma entrada por matrícula em que o documento aparece.',
        items: ref('ImovelEncontrado'),
      }),
      cobertura: nullable(ref('Cobertura')),
      site_receipts: textList(
        'Prova oficial arquivada: a tela impressa da origem com protocolo e data, tanto com achado quanto sem.',
      ),
    },
  ),
};
