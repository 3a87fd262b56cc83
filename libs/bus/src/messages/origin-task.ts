import { Type } from '@sinclair/typebox';
import { type MessageOf, messageKind, PROTOCOLO, UUID } from './message-kind';

/**
 * Work for origin-session, the only code that talks to the origin (architecture rule 1). Every kind goes to the
 * one serialized queue `origin.tasks`, so reconciler checks never run beside an order.
 */
export const originTaskMessage = messageKind(
  Type.Union(
    [
      Type.Object({ kind: Type.Literal('run-order'), order_id: UUID, protocolo: PROTOCOLO, fonte: Type.String() }),
      Type.Object({
        kind: Type.Literal('check-order'),
        order_id: UUID,
        protocolo: PROTOCOLO,
        /** Why the order is checked (origin-session's and the reconciler's reasons: their `CHECK_REASONS`). */
        reason: Type.String(),
        /**
         * Which check of the order this is, for this reason (absent: the first). When a check must be repeated,
         * origin-session schedules the next one later the higher it is, and not at all past its maximum.
         */
        attempt: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      Type.Object({ kind: Type.Literal('list-orders'), since: Type.String() }),
      Type.Object({ kind: Type.Literal('sync-catalog') }),
    ],
    { $id: 'regapi:origin.task' },
  ),
);
export type OriginTask = MessageOf<typeof originTaskMessage.schema>;
export type OriginTaskKind = OriginTask['kind'];

/** `origin.task.<kind>`: bound to `origin.tasks` by `origin.task.#`. */
export function originTaskRoutingKey(kind: OriginTaskKind): string {
  return `origin.task.${kind}`;
}
