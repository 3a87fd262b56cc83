import { listDeadLetters, QUEUE, redriveDeadLetter, type StoredDeadLetter } from '@regapi/bus';
import { sendEnvelope } from '@regapi/http';
import type { Db } from '@regapi/ledger';
import { type Response, Router } from 'express';
import type { AdminAct } from './admin-audit';
import { invalidField, NotFoundError } from './admin-errors';

/** The work queues whose dead letters an operator may read and re-drive. */
const QUEUES: readonly string[] = Object.values(QUEUE);
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1_000;

function answer(res: Response, message: string, data: readonly Readonly<Record<string, unknown>>[]): void {
  sendEnvelope(res, 200, { code: 200, codeMessage: message, data: [...data] });
}

function letterView(letter: StoredDeadLetter): Record<string, unknown> {
  return {
    queue: letter.queue,
    message_id: letter.messageId,
    routing_key: letter.routingKey,
    payload: letter.payload,
    headers: letter.headers,
    deliveries: letter.deliveries,
    reason: letter.reason,
    dead_at: letter.deadAt.toISOString(),
  };
}

function workQueue(value: unknown): string {
  if (typeof value === 'string' && QUEUES.includes(value)) return value;
  throw invalidField('queue', 'queue', `Fila desconhecida. Filas: ${QUEUES.join(', ')}.`);
}

function limit(value: unknown): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const parsed = typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (parsed >= 1 && parsed <= MAX_LIMIT) return parsed;
  throw invalidField('limit', 'limit', `Um inteiro de 1 a ${MAX_LIMIT}.`);
}

/**
 * Dead letters (docs/decisions/0057): `GET /admin/v1/dead-letters[?queue=&limit=]` lists what the reconciler kept from
 * every dead-letter queue (RabbitMQ's, or the in-process bus's in standalone), oldest first, as
 * `{count, dead_letters}`;
 * `POST /admin/v1/dead-letters/{queue}/{message_id}/redrive` sends one round again, and
 * `POST /admin/v1/dead-letters/{queue}/redrive` every letter of that queue (up to 1,000 per call), each in its own
 * transaction (row out, outbox row in). Mounted inside the admin router, behind its authentication; every call is a
 * row of `admin_audit` (`act`).
 */
export function deadLetterRouter(options: { readonly db: Db; readonly act: AdminAct }): Router {
  const { db, act } = options;
  const router = Router();

  router.get(
    '/admin/v1/dead-letters',
    act('dead-letter.list', async (req, res) => {
      const queue = req.query.queue === undefined ? undefined : workQueue(req.query.queue);
      const letters = await listDeadLetters(db, { queue, limit: limit(req.query.limit) });
      // One item, as every admin answer (the ops CLI prints `data[0]`).
      answer(res, `${letters.length} mensagem(ns) morta(s).`, [
        { count: letters.length, dead_letters: letters.map(letterView) },
      ]);
    }),
  );

  router.post(
    '/admin/v1/dead-letters/:queue/redrive',
    act<{ queue: string }>('dead-letter.redrive-queue', async (req, res) => {
      const queue = workQueue(req.params.queue);
      const letters = await listDeadLetters(db, { queue, limit: MAX_LIMIT });
      const redriven: string[] = [];
      for (const letter of letters) {
        if (await redriveDeadLetter(db, queue, letter.messageId)) redriven.push(letter.messageId);
      }
      answer(res, `${redriven.length} mensagem(ns) reenviada(s).`, [
        { queue, redriven: redriven.length, message_ids: redriven },
      ]);
    }),
  );

  router.post(
    '/admin/v1/dead-letters/:queue/:messageId/redrive',
    act<{ queue: string; messageId: string }>('dead-letter.redrive', async (req, res) => {
      const queue = workQueue(req.params.queue);
      const messageId = req.params.messageId;
      if (!(await redriveDeadLetter(db, queue, messageId))) {
        throw new NotFoundError(`Mensagem morta ${messageId} em ${queue}`);
      }
      answer(res, 'Mensagem reenviada.', [{ queue, redriven: 1, message_ids: [messageId] }]);
    }),
  );

  return router;
}
