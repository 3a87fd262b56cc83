import { formatBrl } from '@regapi/br';
import { isFonte } from '@regapi/contracts';
import type { ConsoleSession } from '../../auth';
import { can } from '../../auth';
import { STATE_NAMES } from '../areas/order-list';
import { productName } from '../areas/query-forms';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { lowBalanceWarning } from '../money/money-pages';
import { consolePage } from '../page-frame';
import { BALANCE_TREND_DAYS, type HomeData } from './home-data';

const ROLE_NAMES: Readonly<Record<ConsoleSession['role'], string>> = {
  administrador: 'Administrador',
  desenvolvimento: 'Desenvolvimento',
  financeiro: 'Financeiro',
  consulta: 'Consulta',
};

export function roleName(role: ConsoleSession['role']): string {
  return ROLE_NAMES[role];
}

/**
 * A new account's way in (decision 0148): a token, the sandbox, the documentation, a first query; each step links to
 * where it is done, for a role that may do it. The steps already done are marked.
 */
function firstSteps(session: ConsoleSession, data: HomeData, docsUrl: string): string {
  const manage = can(session.role, 'tokens:manage');
  const tokenStep = manage
    ? html`<a href="/tokens/novo">Crie um token da API</a>`
    : html`Peça a um administrador um token da API`;
  const sandboxStep = manage
    ? html`<a href="/tokens/novo?ambiente=teste">Experimente o sandbox</a> com um token de Teste`
    : html`Experimente o sandbox com um token de Teste`;
  const done =
    data.tokenCount > 0
      ? html` <span class="feito">(feito: ${String(data.tokenCount)} token${data.tokenCount === 1 ? '' : 's'})</span>`
      : '';
  const queryStep = can(session.role, 'orders:run')
    ? html`<li><a href="/consultar">Faça uma consulta pelo console</a>: veja o preço antes de confirmar.</li>`
    : '';
  return html`<section class="painel passos" id="primeiros-passos" aria-labelledby="primeiros-passos-titulo">
<h2 id="primeiros-passos-titulo">Primeiros passos</h2>
<ol>
<li>!${tokenStep}: a sua integração chama a API com ele.!${done}</li>
<li>!${sandboxStep}: os pedidos rodam no simulador, com identidades de teste para cada resultado, sem cobrança.</li>
<li><a href="${docsUrl}" id="documentacao">Leia a documentação da API</a>: cada rota, os códigos de resultado, os webhooks e as identidades de teste do sandbox.</li>
!${queryStep}
</ol>
</section>`;
}

function moneyCards(data: HomeData, canSeeMoney: boolean): string {
  const spent =
    data.spentThisMonthCentavos === undefined
      ? ''
      : html`<div class="numero"><h2>Gasto neste mês</h2><p id="gasto-mes">${formatBrl(data.spentThisMonthCentavos)}</p><small>Consultas cobradas menos estornos, desde o dia 1º (Brasília).</small></div>`;
  const statement = canSeeMoney ? html` <a href="/extrato">Ver extrato</a>` : '';
  return html`<div class="numeros">
<div class="numero"><h2>Saldo</h2><p id="saldo">${formatBrl(data.account.balance_centavos)}</p><small>Disponível para consultas.!${statement}</small></div>
!${spent}
</div>`;
}

function balanceTrend(data: HomeData): string {
  if (data.trendStartCentavos === undefined) return '';
  const alt = `Saldo ao fim de cada dia nos últimos ${BALANCE_TREND_DAYS} dias: de ${formatBrl(data.trendStartCentavos)} para ${formatBrl(data.account.balance_centavos)}.`;
  return html`<section class="painel" aria-labelledby="tendencia-titulo">
<h2 id="tendencia-titulo">Saldo nos últimos ${String(BALANCE_TREND_DAYS)} dias</h2>
<figure class="grafico"><img id="tendencia-saldo" src="/graficos/saldo-por-dia.svg?dias=${String(BALANCE_TREND_DAYS)}" alt="${alt}" width="720" height="320"></figure>
<p><a href="/graficos">Mais gráficos</a></p>
</section>`;
}

function recentOrders(data: HomeData): string {
  if (data.recentOrders === undefined) return '';
  const body =
    data.recentOrders.length === 0
      ? html`<p id="sem-pedidos">Nenhum pedido ainda.</p>`
      : html`<div class="tabela"><table id="pedidos-recentes"><caption>Os ${String(data.recentOrders.length)} pedidos mais recentes</caption>
<thead><tr><th scope="col">Protocolo</th><th scope="col">Produto</th><th scope="col">Situação</th><th scope="col" class="valor">Preço</th><th scope="col">Pedido em</th></tr></thead>
<tbody>!${data.recentOrders
          .map(
            (order) => html`<tr>
<td><a href="/pedidos/${order.protocolo}">${order.protocolo}</a></td>
<td>${isFonte(order.fonte) ? productName(order.fonte) : order.fonte}</td>
<td>${STATE_NAMES[order.state]}${order.code === null ? '' : ` (código ${order.code})`}</td>
<td class="valor">${formatBrl(order.priceCentavos)}</td>
<td>${formatBrasiliaTime(order.createdAt)}</td>
</tr>`,
          )
          .join('')}</tbody></table></div>
<p><a href="/pedidos">Todos os pedidos</a></p>`;
  return html`<section class="painel" aria-labelledby="recentes-titulo"><h2 id="recentes-titulo">Pedidos recentes</h2>!${body}</section>`;
}

function products(data: HomeData): string {
  if (data.products === undefined) return '';
  const items = data.products.map((line) =>
    line.enabled
      ? html`<li>${productName(line.fonte)}: <span class="em-servico">Em serviço</span></li>`
      : html`<li>${productName(line.fonte)}: <span class="fora-de-servico">Fora de serviço</span></li>`,
  );
  return html`<section class="painel" aria-labelledby="produtos-titulo"><h2 id="produtos-titulo">Produtos</h2>
<ul id="produtos-status">!${items.join('')}</ul>
<p><a href="/status">Status e espera prevista</a></p></section>`;
}

/** GET / (issue 29): the account at a glance, as Stripe's home is: money, recent orders, products, first steps. */
export function homePage(session: ConsoleSession, data: HomeData, docsUrl: string): string {
  const canSeeMoney = can(session.role, 'money:read');
  return consolePage(
    'Início',
    html`<h1>${data.account.name}</h1>
!${lowBalanceWarning(data.alert, canSeeMoney)}
!${data.isNew ? firstSteps(session, data, docsUrl) : ''}
!${moneyCards(data, canSeeMoney)}
<div class="grade">
!${recentOrders(data)}
!${products(data)}
</div>
!${balanceTrend(data)}
<dl>
<dt>E-mail</dt><dd id="email">${session.email}</dd>
<dt>Perfil</dt><dd id="perfil">${roleName(session.role)}</dd>
</dl>`,
    { viewer: session, current: '/' },
  );
}
