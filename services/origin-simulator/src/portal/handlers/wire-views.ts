import { formatReaisBrasil } from '@regapi/br';
import type { WireCertificateDetail, WireOfficeRef, WireRecordView } from '@regapi/origin';
import type { SimOffice } from '../../world/offices';
import { type CertificateOrder, deliveryTime, LINK_LIFETIME_MS, type RecordViewOrder } from '../order-book';
import type { CallContext } from '../sim-context';

export function officeRef(office: SimOffice): WireOfficeRef {
  return { cns: office.cns, nome: office.nome, numero: office.numero, municipio: office.municipio, uf: office.uf };
}

function link(call: CallContext, id: string, from: Date) {
  const expiresAt = new Date(from.getTime() + LINK_LIFETIME_MS);
  return {
    url: `${call.publicBase}${call.state.documents.linkPath(id, expiresAt)}`,
    expira_em: expiresAt.toISOString(),
  };
}

/** A delivered record view; the number served may differ from the one asked for (contract 2.5: the registry overrides). */
export function recordViewWire(call: CallContext, order: RecordViewOrder): WireRecordView {
  const delivered = deliveryTime(order);
  return {
    numero_pedido: order.numero,
    situacao: 'ENTREGUE',
    matricula: order.record.matricula,
    matricula_solicitada: order.requested,
    cartorio: officeRef(order.office),
    documento: link(call, `${order.numero}-matricula.pdf`, delivered),
    valor: formatReaisBrasil(order.valorCentavos),
    entregue_em: delivered.toISOString(),
  };
}

export function certificateWire(call: CallContext, order: CertificateOrder, now: Date): WireCertificateDetail {
  const issued = order.readyAt <= now;
  return {
    numero_pedido: order.numero,
    situacao: issued ? 'EMITIDA' : 'EM_ANDAMENTO',
    previsao_entrega_em: order.forecast.toISOString(),
    aceito_em: order.createdAt.toISOString(),
    valor: formatReaisBrasil(order.valorCentavos),
    matricula: order.record.matricula,
    cartorio: officeRef(order.office),
    documento: issued ? link(call, `${order.numero}-certidao.pdf`, order.readyAt) : null,
    codigo_validacao: issued ? order.validatorCode : null,
    emitida_em: issued ? order.readyAt.toISOString() : null,
  };
}
