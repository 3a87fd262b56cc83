import { getProductStatus } from '@regapi/catalog';
import { FONTES } from '@regapi/contracts';
import { newOrderWaitSeconds } from '@regapi/orders';
import type { ConsoleArea } from '../console-context';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { productName } from './query-forms';

/** Seconds as the API says them, and as a person reads a long wait: "45 s", "144 s (cerca de 2 min)". */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  const about = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${seconds} s (cerca de ${about})`;
}

/**
 * GET /status (issue 15, "Service status"): each product in or out of service (`product_status`, libs/catalog, what
 * the gateway refuses orders by) and the wait an order accepted now would be told (`consultar_daqui_s`, computed by
 * libs/orders from the queue exactly as the gateway's acceptance does; docs/decisions/0078).
 */
export const statusArea: ConsoleArea = (router, context) => {
  router.get('/status', ...context.guard.page('status:read'), async (_req, res) => {
    const viewer = viewerOf(res);
    const now = context.clock.now();
    const lines = await Promise.all(
      FONTES.map(async (fonte) => {
        const status = await getProductStatus(context.db, fonte);
        const wait = status.enabled
          ? waitText(
              await newOrderWaitSeconds(context.db, fonte, now, {
                hourlySearchCeiling: context.hourlySearchCeiling,
                accountId: viewer.accountId,
              }),
            )
          : '—';
        const state = status.enabled
          ? html`<td><span class="em-servico">Em serviço</span></td>`
          : html`<td><span class="fora-de-servico">Fora de serviço</span> desde ${formatBrasiliaTime(status.changedAt)}</td>`;
        return html`<tr><th scope="row">${productName(fonte)}</th>!${state}<td class="valor">${wait}</td></tr>`;
      }),
    );
    sendPage(
      res,
      200,
      consolePage(
        'Status do serviço',
        html`<h1>Status do serviço</h1>
<table id="status"><caption>Produtos agora (${formatBrasiliaTime(now)}, Brasília)</caption>
<thead><tr><th scope="col">Produto</th><th scope="col">Situação</th><th scope="col" class="valor">Espera prevista para um pedido feito agora</th></tr></thead>
<tbody>!${lines.join('')}</tbody></table>
<p>A espera é a mesma que a API informaria (consultar_daqui_s) a um pedido aceito agora: a fila à frente e, na pesquisa prévia, o limite de pesquisas por hora da origem. A certidão é entregue depois, em horário de expediente dos cartórios (9h às 16h, dias úteis).</p>`,
        { viewer, current: '/status' },
      ),
    );
  });
};
