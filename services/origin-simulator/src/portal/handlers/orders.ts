import { formatReaisBrasil } from '@regapi/br';
import { WIRE_ERRORS, type WireOrderDetail, type WireOrderListItem } from '@regapi/origin';
import { type Answer, json, wireError } from '../answer';
import { genericFaultAnswer } from '../generic-faults';
import { isDelivered, LINK_LIFETIME_MS } from '../order-book';
import { closeSearch, toWireSearch } from '../search-engine';
import { type CallContext, wait } from '../sim-context';
import { certificateWire, recordViewWire } from './wire-views';

/**
 * `GET /api/pedidos/:numero`: one order's state. A search whose retry window passed closes now (issue 3); a certificate
 * past its term shows as issued with its document.
 */
export async function checkOrder(call: CallContext, numero: string): Promise<Answer> {
  const fault = await genericFaultAnswer(call, 'check-order', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('check-order'));
  const order = call.state.orders.get(numero);
  // `order-not-found` armed: the origin no longer knows an order it accepted (docs/decisions/0176); it stays in the
  // book, so the next call without the fault finds it again.
  if (!order || call.armed === 'order-not-found') return wireError(404, WIRE_ERRORS.orderNotFound);
  const now = call.sim.clock.now();
  let answer: WireOrderDetail;
  switch (order.kind) {
    case 'search':
      if (order.run.closesAt && order.run.closesAt <= now) order.run = closeSearch(call.sim.world, order.run);
      answer = {
        produto: 'PESQUISA_PREVIA',
        pesquisa: toWireSearch(call.sim.world, order.numero, order.run, order.receiptUrl),
      };
      break;
    case 'record-view': {
      const delivered = isDelivered(order, now);
      answer = {
        produto: 'VISUALIZACAO',
        numero_pedido: order.numero,
        situacao: delivered ? 'ENTREGUE' : 'EM_ANDAMENTO',
        visualizacao: delivered ? recordViewWire(call, order) : null,
      };
      break;
    }
    case 'certificate':
      answer = { produto: 'CERTIDAO', certidao: certificateWire(call, order, now) };
      break;
  }
  return json(200, answer);
}

/**
 * `GET /api/pedidos?desde=ISO`: searches and record views placed since then (reconciliation, contract 3). Certificates are
 * not listed: no listing recovers a certificate (contract 2.6).
 */
export async function listOrders(call: CallContext, desde: unknown): Promise<Answer> {
  const since = typeof desde === 'string' ? new Date(desde) : new Date(Number.NaN);
  if (Number.isNaN(since.getTime()))
    return json(400, { erro: 'PARAMETRO_INVALIDO', mensagem: 'Informe desde (ISO 8601).' });
  const fault = await genericFaultAnswer(call, 'list-orders', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('list-orders'));
  const now = call.sim.clock.now();
  const pedidos: WireOrderListItem[] = [];
  for (const order of call.state.orders.all()) {
    if (order.createdAt < since) continue;
    if (order.kind === 'search') {
      pedidos.push({
        numero_pedido: order.numero,
        produto: 'PESQUISA_PREVIA',
        situacao: 'CONCLUIDO',
        criado_em: order.createdAt.toISOString(),
        cns: null,
        matricula: null,
        documento: {
          url: order.receiptUrl,
          expira_em: new Date(order.createdAt.getTime() + LINK_LIFETIME_MS).toISOString(),
        },
        valor: formatReaisBrasil(order.valorCentavos),
      });
    } else if (order.kind === 'record-view') {
      const delivered = isDelivered(order, now);
      pedidos.push({
        numero_pedido: order.numero,
        produto: 'VISUALIZACAO',
        situacao: delivered ? 'CONCLUIDO' : 'EM_ANDAMENTO',
        criado_em: order.createdAt.toISOString(),
        cns: order.office.cns,
        matricula: order.record.matricula,
        documento: delivered ? recordViewWire(call, order).documento : null,
        valor: formatReaisBrasil(order.valorCentavos),
      });
    }
  }
  return json(200, { pedidos });
}
