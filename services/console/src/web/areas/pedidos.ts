import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { formatBrl } from '@regapi/br';
import type { Envelope } from '@regapi/contracts';
import { isFonte } from '@regapi/contracts';
import { getOrderForAccount, listAccountOrders, type Order } from '@regapi/orders';
import type { Request } from 'express';
import type { ConsoleSession } from '../../auth';
import { sendApiFailure, sendApiRefusal } from '../api/api-pages';
import { createConsoleApi } from '../api/console-api';
import { REFRESH_SCRIPT } from '../assets/refresh-script';
import type { ConsoleArea } from '../console-context';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { notFound, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { dataDb } from '../test-mode';
import { listPage, listRequestOf, PAGE_SIZE, STATE_NAMES } from './order-list';
import { finishedResult } from './order-result';
import { productName } from './query-forms';

const PROTOCOLO = /^\d{1,30}$/;

/** The protocolo of the path when it has the form of one (contract 2.2: digits only), else undefined. */
function protocoloOf(req: Request): string | undefined {
  const protocolo = req.params.protocolo;
  return typeof protocolo === 'string' && PROTOCOLO.test(protocolo) ? protocolo : undefined;
}

function runningSection(order: Order, answer: Envelope, now: Date): string {
  const item = answer.data[0] ?? {};
  const seconds = typeof item.consultar_daqui_s === 'number' ? item.consultar_daqui_s : 5;
  const eta = new Date(now.getTime() + seconds * 1000);
  return html`<section id="resultado" aria-live="polite" data-atualizar-em="${seconds}">
<h2>Situação</h2>
<p id="situacao">${STATE_NAMES[order.state]}: a consulta está em processamento.</p>
<p id="previsao">Resultado previsto em cerca de ${seconds} segundos (por volta de ${formatBrasiliaTime(eta)}, Brasília).</p>
<p><a href="/pedidos/${order.protocolo}" id="atualizar">Atualizar</a></p>
</section>`;
}

function finishedSection(order: Order, answer: Envelope, hasDocument: boolean): string {
  const item = answer.data[0] ?? {};
  // A provisional search (contract 2.4) is revised by the origin: the API says when to ask again.
  const again = typeof item.consultar_daqui_s === 'number' ? item.consultar_daqui_s : undefined;
  const document = hasDocument
    ? html`<p><a class="botao" href="/pedidos/${order.protocolo}/documento" id="documento" download>Baixar o PDF</a></p>`
    : '';
  const refresh =
    again === undefined
      ? ''
      : html`<p>Resultado provisório: a origem ainda verifica cartórios. <a href="/pedidos/${order.protocolo}">Atualizar</a></p>`;
  const finishedAt =
    order.finishedAt === null ? '' : html`<p>Concluído em ${formatBrasiliaTime(order.finishedAt)} (Brasília).</p>`;
  return html`<section id="resultado" aria-live="polite"!${again === undefined ? '' : html` data-atualizar-em="${again}"`}>
<h2>Resultado</h2>
!${finishedAt}
!${finishedResult(answer, order.result)}
!${document}
!${refresh}
</section>`;
}

function detailPage(viewer: ConsoleSession, order: Order, section: string, running: boolean): string {
  const name = isFonte(order.fonte) ? productName(order.fonte) : order.fonte;
  return consolePage(
    `Pedido ${order.protocolo}`,
    html`<h1>Pedido ${order.protocolo}</h1>
<dl>
<dt>Produto</dt><dd id="produto">${name}</dd>
<dt>Pedido em</dt><dd>${formatBrasiliaTime(order.createdAt)} (Brasília)</dd>
<dt>Preço</dt><dd>${formatBrl(order.priceCentavos)}</dd>
</dl>
!${section}
<p><a href="/pedidos">Todos os pedidos</a></p>`,
    { viewer, current: '/pedidos', ...(running ? { scripts: ['/recursos/atualizar.js'] } : {}) },
  );
}

/**
 * GET /pedidos, /pedidos/:protocolo and /pedidos/:protocolo/documento (issue 15, "Orders"): the list reads the
 * account's orders through libs/orders; an order's state, result, money and ETA are the API's polling answer, and its
 * PDF the API's document, called with the session's token (docs/decisions/0073, 0078). Another account's protocolo is a
 * 404, the same as an unknown one.
 */
export const pedidosArea: ConsoleArea = (router, context) => {
  const api = createConsoleApi(context);

  router.get('/recursos/atualizar.js', (_req, res) => {
    res.status(200).type('text/javascript').send(REFRESH_SCRIPT);
  });

  router.get('/pedidos', ...context.guard.page('orders:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const request = listRequestOf(req);
    if (request.problems.length > 0) {
      sendPage(res, 400, listPage(viewer, request, { orders: [], more: false }));
      return;
    }
    const result = await listAccountOrders(dataDb(context, viewer), viewer.accountId, request.filter, {
      offset: (request.page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
    sendPage(res, 200, listPage(viewer, request, result));
  });

  router.get('/pedidos/:protocolo', ...context.guard.page('orders:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const protocolo = protocoloOf(req);
    const order =
      protocolo === undefined
        ? undefined
        : await getOrderForAccount(dataDb(context, viewer), protocolo, viewer.accountId);
    if (order === undefined) {
      notFound(res);
      return;
    }
    try {
      const token = await api.tokenFor(viewer);
      const answer = await api.client.poll(token, order.protocolo);
      if (answer.status === 404) {
        notFound(res);
      } else if (answer.status === 202) {
        const section = runningSection(order, answer.envelope, context.clock.now());
        sendPage(res, 200, detailPage(viewer, order, section, true));
      } else if (answer.status === 200) {
        const hasDocument = await api.client.hasDocument(token, order.protocolo);
        const section = finishedSection(order, answer.envelope, hasDocument);
        const revising = typeof answer.envelope.data[0]?.consultar_daqui_s === 'number';
        sendPage(res, 200, detailPage(viewer, order, section, revising));
      } else {
        sendApiRefusal(res, viewer, 'Pedido indisponível', answer);
      }
    } catch (error: unknown) {
      if (!sendApiFailure(res, viewer, error)) throw error;
    }
  });

  router.get('/pedidos/:protocolo/documento', ...context.guard.page('orders:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const protocolo = protocoloOf(req);
    const order =
      protocolo === undefined
        ? undefined
        : await getOrderForAccount(dataDb(context, viewer), protocolo, viewer.accountId);
    if (order === undefined) {
      notFound(res);
      return;
    }
    try {
      const answer = await api.client.document(await api.tokenFor(viewer), order.protocolo);
      if (answer.kind === 'refused') {
        if (answer.answer.status === 404) notFound(res);
        else sendApiRefusal(res, viewer, 'Documento indisponível', answer.answer);
        return;
      }
      res.status(200);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="regapi-${order.protocolo}.pdf"`);
      if (answer.length !== null && /^\d+$/.test(answer.length)) res.setHeader('Content-Length', answer.length);
      await pipeline(Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>), res);
    } catch (error: unknown) {
      if (res.headersSent) {
        // Cut mid-stream: the download ends incomplete; nothing else can be said to the browser now.
        context.logger.warn({ err: error, protocolo: order.protocolo }, 'document stream from the API failed');
        res.destroy();
        return;
      }
      if (!sendApiFailure(res, viewer, error)) throw error;
    }
  });
};
