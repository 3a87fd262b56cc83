import { WIRE_ERRORS } from '@regapi/origin';
import type { Answer } from '../answer';
import { wireError } from '../answer';
import { genericFaultAnswer } from '../generic-faults';
import { type CallContext, wait } from '../sim-context';

/** `GET /arquivos/:id?expira&assinatura`: a document by its signed link; no session needed (like a presigned URL). */
export async function download(call: CallContext, id: string, expira: unknown, signature: unknown): Promise<Answer> {
  const fault = await genericFaultAnswer(call, 'download', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('download'));
  const found = await call.state.documents.fetch(
    id,
    typeof expira === 'string' ? expira : '',
    typeof signature === 'string' ? signature : '',
    call.sim.clock.now(),
  );
  if (!found.ok) {
    return found.reason === 'expired'
      ? wireError(410, WIRE_ERRORS.linkExpired)
      : wireError(404, WIRE_ERRORS.fileNotFound);
  }
  return { kind: 'bytes', status: 200, body: found.bytes, contentType: found.contentType };
}
