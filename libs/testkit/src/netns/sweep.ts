import { sweepStaleClusters } from './link-postgres';
import { sweepStaleNetns } from './teardown';

export interface SweptFaultHarness {
  readonly namespaces: readonly string[];
  readonly links: readonly string[];
  readonly clusters: readonly string[];
}

/**
 * Removes what runs that died without cleaning up (SIGKILL, an out-of-memory kill of jest) left behind: their
 * namespaces (and the processes in them), host links, dedicated PostgreSQL servers and their folders. What a live
 * process created is left alone. createNetns runs it first; a CI job may run it on its own.
 */
export async function sweepStaleFaultHarness(): Promise<SweptFaultHarness> {
  const { namespaces, links } = await sweepStaleNetns();
  return { namespaces, links, clusters: sweepStaleClusters() };
}
