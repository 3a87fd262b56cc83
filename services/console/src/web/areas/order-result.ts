import { formatBrl } from '@regapi/br';
import type { DataItem, Envelope } from '@regapi/contracts';
import type { CertificateResult, FoundProperty, OrderResult, RecordViewResult, SearchResult } from '@regapi/orders';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';

/** A value of an answer the contract already checked, as text: null (the origin did not say) is a dash. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  return String(value);
}

function reais(value: unknown): string {
  return typeof value === 'number' ? formatBrl(Math.round(value * 100)) : '—';
}

function when(value: unknown): string {
  if (typeof value !== 'string') return '—';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : `${formatBrasiliaTime(at)} (Brasília)`;
}

/** `cobranca` of the API's answer (the ledger's, not the order's JSON): an object, or nothing to show. */
function cobrancaOf(item: DataItem): DataItem {
  const value = item.cobranca;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

function rows(entries: readonly (readonly [string, string])[]): string {
  return html`<dl>!${entries.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** The money of a finished order as the API states it (`cobranca`). */
export function chargeRows(item: DataItem): string {
  const cobranca = cobrancaOf(item);
  const refunded = typeof cobranca.estornado === 'number' && cobranca.estornado > 0;
  return html`<h2>Cobrança</h2>!${rows([
    ['Debitado', reais(cobranca.debitado)],
    ['Estornado', reais(cobranca.estornado)],
    ...(refunded ? ([['Estornado em', when(cobranca.estornado_em)]] as const) : []),
    ...(cobranca.motivo === null || cobranca.motivo === undefined
      ? []
      : ([['Motivo do estorno', text(cobranca.motivo)]] as const)),
    ...(cobranca.estorno_pendente === true ? ([['Estorno', 'em processamento']] as const) : []),
  ])}`;
}

/** Where "ver matrícula" / "pedir certidão" lead: the product's form with the record and office already filled in. */
function chainLink(fonte: string, imovel: FoundProperty): string {
  const query = new URLSearchParams({
    imovel_matricula: text(imovel.matricula),
    imovel_cartorio: text(imovel.cartorio_numero),
    imovel_municipio: text(imovel.cartorio_municipio),
    imovel_uf: text(imovel.cartorio_uf),
  });
  return `/consultar/${fonte}?${query.toString()}`;
}

function searchResult(item: SearchResult): string {
  const imoveis = item.imoveis ?? [];
  const lines = imoveis.map((imovel, index) => {
    const label = imovel.matricula === null ? 'sem número' : text(imovel.matricula);
    const actions =
      imovel.matricula === null
        ? html`<td>Matrícula não informada pela origem: o imóvel existe, mas não pode ser pedido por aqui.</td>`
        : html`<td class="acoes"><a class="botao" href="${chainLink('visualizacao-matricula', imovel)}" aria-label="Ver matrícula ${label} (linha ${index + 1})">Ver matrícula</a>
<a class="botao" href="${chainLink('certidao-inteiro-teor', imovel)}" aria-label="Pedir certidão da matrícula ${label} (linha ${index + 1})">Pedir certidão</a></td>`;
    const flags = [
      imovel.coleta_incompleta === true ? 'coleta incompleta' : '',
      imovel.sem_resposta === true ? 'não respondeu nesta execução' : '',
    ].filter((flag) => flag !== '');
    return html`<tr><td>${label}</td><td>${text(imovel.cartorio_nome)} (nº ${text(imovel.cartorio_numero)})</td><td>${text(imovel.cartorio_municipio)}/${text(imovel.cartorio_uf)}</td><td>${flags.join(', ') || '—'}</td>!${actions}</tr>`;
  });
  const cobertura = item.cobertura ?? {};
  const table =
    lines.length === 0
      ? ''
      : html`<table id="imoveis"><caption>Matrículas em que o documento aparece</caption>
<thead><tr><th scope="col">Matrícula</th><th scope="col">Cartório</th><th scope="col">Município/UF</th><th scope="col">Observações</th><th scope="col">Ações</th></tr></thead>
<tbody>!${lines.join('')}</tbody></table>`;
  return html`<p id="resumo">${text(item.resumo)}</p>
!${rows([
    ['Resultado', text(item.resultado)],
    ['Imóveis encontrados', text(item.quantidade_imoveis)],
    ['Nada consta', text(item.nada_consta)],
    ['Provisório', text(item.provisorio)],
    ['Confiança', text(item.confianca)],
    ['Nome pesquisado (segundo a origem)', text(item.pesquisado_nome)],
    ['Documento pesquisado', text(item.pesquisado_documento)],
    ['UF pesquisada', text(item.uf_pesquisada)],
    ['Pesquisado em', when(item.pesquisado_em)],
    ['Protocolo na origem', text(item.protocolo_origem)],
    ['Leitura parcial', text(cobertura.leitura_parcial)],
  ])}
!${table}
<p>É indício, não confirmação de propriedade: o papel do pesquisado em cada matrícula não é informado.</p>`;
}

function recordViewResult(item: RecordViewResult): string {
  const ids = item.identificadores ?? {};
  const dados = item.dados ?? {};
  const content =
    typeof dados.conteudo === 'string'
      ? html`<h2>Conteúdo da matrícula</h2><pre class="conteudo" id="conteudo">${dados.conteudo}</pre>`
      : '';
  return html`<p id="mensagem">${text(item.mensagem)}</p>
!${rows([
    ['Situação', text(item.status_consulta)],
    ['Pedido no registro', text(ids.numero_pedido)],
    ['Matrícula', text(ids.matricula)],
    ['Cartório', text(dados.cartorio)],
    ['Município/UF', `${text(dados.municipio)}/${text(dados.uf)}`],
    ['Total pago', text(dados.total_pago)],
  ])}
!${content}`;
}

function certificateResult(item: CertificateResult): string {
  const ids = item.identificadores ?? {};
  return html`<p id="mensagem">${text(item.mensagem)}</p>
!${rows([
    ['Situação', text(item.status_consulta)],
    ['Documento', text(item.status)],
    ['Entrega prevista', when(item.previsao_entrega_em)],
    ['Código de validação', text(item.certidao_codigo)],
    ['Pedido no registro', text(ids.numero_pedido)],
  ])}`;
}

function productResult(result: OrderResult | null): string {
  switch (result?.fonte) {
    case 'pesquisa-previa-bens':
      return searchResult(result.data);
    case 'visualizacao-matricula':
      return recordViewResult(result.data);
    default:
      return certificateResult(result?.data ?? {});
  }
}

/**
 * A finished order's result as a person reads it: the code and the money from the polling endpoint's answer (HTTP
 * 200), the product's fields from the order's own result, decoded by libs/orders (the answer passes the same through).
 */
export function finishedResult(answer: Envelope, result: OrderResult | null): string {
  const item = answer.data[0] ?? {};
  const heading = html`<p class="${answer.code === 200 ? 'sucesso' : 'aviso'}" id="codigo">Código ${answer.code}: ${answer.code_message}</p>`;
  return html`!${heading}!${productResult(result)}!${chargeRows(item)}`;
}
