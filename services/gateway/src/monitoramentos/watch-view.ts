import type { DataItem } from '@regapi/contracts';
import type { PlannedWatch, WatchRunView } from '@regapi/orders';

/** A watch as the API shows it (docs/api.md, Monitoramentos): `pedido` is the product's body as it was sent. */
export function watchItem(watch: PlannedWatch): DataItem {
  return {
    id: watch.id,
    tipo: watch.kind,
    frequencia: watch.frequencia,
    estado: watch.estado,
    referencia: watch.referencia,
    pedido: watch.request,
    proxima_execucao_em: watch.nextRunAt?.toISOString() ?? null,
    criado_em: watch.createdAt.toISOString(),
    pausado_em: watch.pausedAt?.toISOString() ?? null,
    removido_em: watch.removedAt?.toISOString() ?? null,
  };
}

/** One run of a watch's history: what came of it, the order it placed, and the diff when it was compared. */
export function runItem(run: WatchRunView): DataItem {
  return {
    planejada_em: run.plannedAt.toISOString(),
    resultado: run.outcome,
    protocolo: run.protocolo,
    diferencas: run.diff ?? null,
    motivo: run.reason,
    registrada_em: run.createdAt.toISOString(),
    atrasada_em: run.lateAt?.toISOString() ?? null,
    motivo_atraso: run.lateReason,
  };
}
