import { Type } from '@sinclair/typebox';
import { DATE_TIME, type MessageOf, messageKind, nullable, oneOfValues, PROTOCOLO, UUID } from './message-kind';

/**
 * `watch.changed`: a watch's run, compared with the watch's earlier runs, found a change (issue 30; decisions 0152,
 * 0162, 0164). Written by the gateway's comparison of finished runs in the transaction that records the run's outcome
 * — once per run (the run row moves from `em_andamento` once). Read by the webhooks service
 * (`monitoramento.alteracao`). `diff` is the comparison as libs/contracts `WATCH_DIFF_SCHEMA` describes it.
 */
export const WATCH_CHANGED = 'watch.changed';

export const watchChangedMessage = messageKind(
  Type.Object(
    {
      account_id: UUID,
      watch_id: UUID,
      tipo: oneOfValues(['pessoa', 'matricula'] as const),
      /** The watch's own `referencia`, null when it has none. */
      referencia: nullable(Type.String({ minLength: 1, maxLength: 100 })),
      planned_at: DATE_TIME,
      /** The run's orders (one, or one per UF of a nationwide search). */
      protocolos: Type.Array(PROTOCOLO, { minItems: 1 }),
      resumo: Type.String({ minLength: 1 }),
      /** The whole comparison; its shape is checked against WATCH_DIFF_SCHEMA where it is published. */
      diff: Type.Object(
        {
          tipo: oneOfValues(['pessoa', 'matricula'] as const),
          resultado: Type.Literal('alteracao'),
          resumo: Type.String(),
        },
        { additionalProperties: true },
      ),
      compared_at: DATE_TIME,
    },
    { $id: 'regapi:watch.changed' },
  ),
);
export type WatchChanged = MessageOf<typeof watchChangedMessage.schema>;
