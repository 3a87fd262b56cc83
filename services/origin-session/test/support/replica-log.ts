import type { Spawned } from '@regapi/testkit';

/** One JSON log line of a replica (pino), with the fields the fault tests read. */
export interface ReplicaLogLine {
  readonly time: string;
  readonly msg: string;
  readonly what?: string;
  readonly outcome?: string;
  readonly order_id?: string;
}

export function replicaLog(child: Spawned): ReplicaLogLine[] {
  return child
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ReplicaLogLine);
}

/** Every call the replica sent to the origin (LOG_LEVEL=debug), login included, with when it left. */
export function originCallsOf(child: Spawned): { readonly what: string; readonly at: number }[] {
  return replicaLog(child)
    .filter((line) => line.msg === 'origin call' || line.msg === 'logging in to the origin')
    .map((line) => ({ what: line.what ?? 'login', at: Date.parse(line.time) }));
}
