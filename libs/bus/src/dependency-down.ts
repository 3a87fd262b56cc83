import { isDatabaseUnreachable } from '@regapi/db';
import { BusUnavailableError, PublishTimeoutError } from './errors';

/**
 * Did a handler fail because infrastructure it needs is out of reach (PostgreSQL, the broker), rather than because of
 * its message? Such a failure says nothing about the message: the bus holds the message and tries again once the
 * dependency is back, without counting a delivery (docs/decisions/0056). Database outages are classified in one
 * place, `isDatabaseUnreachable`; the broker's are the bus's own errors.
 */
export function isDependencyDown(error: unknown): boolean {
  return isDatabaseUnreachable(error) || isBrokerUnreachable(error);
}

function isBrokerUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 8 || !(error instanceof Error)) return false;
  if (error instanceof BusUnavailableError || error instanceof PublishTimeoutError) return true;
  return isBrokerUnreachable(error.cause, depth + 1);
}
