import { type DataItem, type EnvelopeInput, envelope } from '@regapi/contracts';
import type { Response } from 'express';
import { contextOf } from './request-context';

/** Answers with the envelope; `request_id` is the request's own. */
export function sendEnvelope<T extends DataItem>(
  res: Response,
  status: number,
  input: Omit<EnvelopeInput<T>, 'requestId'>,
): void {
  res.status(status).json(envelope({ ...input, requestId: contextOf(res).requestId }));
}
