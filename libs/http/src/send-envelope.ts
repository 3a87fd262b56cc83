import type { ServerResponse } from 'node:http';
import { type DataItem, type EnvelopeInput, envelope } from '@regapi/contracts';
import { closeIfBodyPending } from './pending-body';
import { contextOf } from './request-context';

/**
 * Answers with the envelope; `request_id` is the request's own. Written straight to node's response rather than
 * through express's `res.json` (content negotiation, ETag and freshness checks the envelope never uses): every
 * answer passes here, so its cost is every request's.
 */
export function sendEnvelope<T extends DataItem>(
  res: ServerResponse,
  status: number,
  input: Omit<EnvelopeInput<T>, 'requestId'>,
): void {
  const body = JSON.stringify(envelope({ ...input, requestId: contextOf(res).requestId }));
  res.statusCode = status;
  closeIfBodyPending(res);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
