import { type OriginFault, type OriginOperation, WIRE_ERRORS } from '@regapi/origin';
import { type Answer, MAINTENANCE_PAGE, wireError } from './answer';
import { originTimeoutMs } from './latency';
import { type CallContext, wait } from './sim-context';

/**
 * The faults any operation can meet (the transport and account classes of contract 7), answered the way the portal does.
 * Undefined for a fault only a product handler knows how to answer (or no fault at all).
 */
export async function genericFaultAnswer(
  call: CallContext,
  operation: OriginOperation,
  fault: OriginFault | undefined,
): Promise<Answer | undefined> {
  switch (fault) {
    case 'timeout':
      // The origin holds the call up to its own limit, then gives up: a caller with a shorter timeout sees its own.
      await wait(call, originTimeoutMs(operation));
      return wireError(504, WIRE_ERRORS.timeout);
    case 'down':
      await wait(call, call.state.latency.draw(operation));
      return { kind: 'html', status: 503, body: MAINTENANCE_PAGE };
    case 'blocked':
      return wireError(403, WIRE_ERRORS.blocked);
    case 'captcha':
      return wireError(403, WIRE_ERRORS.captcha);
    case 'overloaded':
      return wireError(503, WIRE_ERRORS.overloaded, { tentar_apos_s: 30 }, { 'retry-after': '30' });
    case 'too-many-attempts':
      return wireError(429, WIRE_ERRORS.tooManyAttempts, { tentar_apos_s: 60 }, { 'retry-after': '60' });
    case 'session-kicked':
      // Dies mid-run: half the usual time, then the session is gone for this and every later call.
      await wait(call, call.state.latency.draw(operation) / 2);
      call.state.sessions.kick();
      return wireError(401, WIRE_ERRORS.sessionExpired);
    case 'service-invalid':
      return wireError(400, WIRE_ERRORS.serviceInvalid);
    case 'service-unavailable':
      return wireError(503, WIRE_ERRORS.serviceUnavailable);
    default:
      return undefined;
  }
}
