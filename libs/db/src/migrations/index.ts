import type { Migration } from 'kysely';
import * as m0001 from './0001-outbox';
import * as m0002 from './0002-bus-delivery';
import * as m0006 from './0006-orders';
import * as m0007 from './0007-scheduled-messages';

/**
 * Every migration, by name, in order. Listed here rather than read from a folder so that the same code runs from
 * TypeScript sources (tests) and from the compiled dist (services).
 */
export const migrations: Record<string, Migration> = {
  '0001-outbox': m0001,
  '0002-bus-delivery': m0002,
  '0006-orders': m0006,
  '0007-scheduled-messages': m0007,
};
