import type { ColumnType } from 'kysely';

/** A call that may place an order at the origin, written before the call (origin-session; migration 0008). */
export interface OriginOrderAttemptTable {
  id: string;
  order_id: string;
  fonte: string;
  started_at: Date;
  answered_at: Date | null;
  outcome: string | null;
  numero_pedido: string | null;
  /** The leader epoch that committed this intent (migration 0037); null for attempts written before it. */
  epoch: number | null;
  /** Set once it is known whether the origin created an order for this call; null while it is in doubt. */
  resolved_at: Date | null;
  resolution: OriginAttemptResolution | null;
}

/**
 * What became of an intent (migration 0037; docs/decisions/0110): `placed` (the answer carried the order), `not-placed`
 * (the answer proved nothing was created), `found` (looked up at the origin), `absent` (the listing, past the origin's
 * maximum time, shows none), `unlisted` (a certificate, which no listing shows: the origin's repeat block decides).
 */
export type OriginAttemptResolution = 'placed' | 'not-placed' | 'found' | 'absent' | 'unlisted';

/** The origin account's leader and its fencing epoch (migration 0037). */
export interface OriginLeadershipTable {
  account: string;
  epoch: number;
  holder: string;
  holder_pid: number;
  holder_backend_start: Date;
  holder_server_start: Date;
  acquired_at: Date;
  renewed_at: Date;
}

/** The daily origin ownership check (migration 0038; docs/decisions/0111): one row per Brasília day. */
export interface OriginOwnershipCheckTable {
  /** AAAA-MM-DD in Brasília. */
  day: string;
  /** The listing asked covers origin orders created at or after this. */
  since: Date;
  listing_asked_at: Date;
  /** When a listing covering this day's window was applied (its `listed_at`); null until then. */
  listing_applied_at: Date | null;
}

export type OwnershipFindingKind = 'unowned' | 'claimed_twice';

/** An origin order with no owner or with several (migration 0038): recorded once, alerted once. */
export interface OriginOwnershipFindingTable {
  numero_pedido: string;
  finding: OwnershipFindingKind;
  /** The origin's product code as its listing gives it (migration 0039 renamed `produto`). */
  origin_product: string;
  /** When the origin created it (migration 0039 renamed `criado_em`). */
  origin_created_at: Date;
  /** The orders of ours that claim it: none when unowned, two or more when claimed twice. */
  owner_order_ids: ColumnType<string[], readonly string[], never>;
  listed_at: Date;
  found_at: Date;
}

/** The origin account: calls that may place orders, its leader, and the daily ownership check (services/origin-session). */
export interface OriginTables {
  origin_order_attempt: OriginOrderAttemptTable;
  origin_leadership: OriginLeadershipTable;
  origin_ownership_check: OriginOwnershipCheckTable;
  origin_ownership_finding: OriginOwnershipFindingTable;
}
