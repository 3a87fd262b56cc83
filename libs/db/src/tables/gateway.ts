import type { ColumnType, Generated } from 'kysely';

/**
 * An access token's record (migration 0004; services/gateway). The token itself is never stored: the JWT's `jti` is
 * `id`, and a request is accepted only while this row says so (not revoked, not expired).
 */
export interface ApiTokenTable {
  id: string;
  account_id: string;
  /** The signing key's id, so a key is retired only when no live token depends on it. */
  kid: string;
  /** `consultas:{fonte}` (contract 5.2). */
  scopes: ColumnType<string[], string[], never>;
  expires_at: ColumnType<Date, Date, never>;
  revoked_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 0020: the customer's name for it; null for a token issued by an operator or the console itself. */
  name: ColumnType<string | null, string | null | undefined, never>;
  /** The console user who created it; null when an operator issued it. */
  created_by: ColumnType<string | null, string | null | undefined, never>;
  /** When the gateway last accepted it (at most once a minute per token per replica). */
  last_used_at: ColumnType<Date | null, never, Date>;
  /** CIDRs the gateway accepts it from, as PostgreSQL prints them (`10.0.0.0/8`, `203.0.113.7/32`); null: any. */
  allowed_networks: ColumnType<string[] | null, string[] | null | undefined, never>;
  /** Set on the token the console calls the API with for one session (docs/decisions/0073); never a customer's token. */
  console_session_id: ColumnType<string | null, string | null | undefined, never>;
  /** Migration 0033: `producao` or `teste` (the sandbox, docs/decisions/0099); fixed at issue. */
  ambiente: ColumnType<'producao' | 'teste', 'producao' | 'teste' | undefined, never>;
}

/** An `Idempotency-Key` of an accepted execution, per account (migration 0009, architecture rule 4). */
export interface IdempotencyKeyTable {
  account_id: string;
  /** The UUID, lowercase. */
  key: string;
  /** SHA-256 of method + path + canonical body. */
  fingerprint: string;
  order_id: string | null;
  /** The answer replays repeat, set before the acceptance commits. */
  status: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Date;
}

/** Whether a product is in service (migration 0004): taken out on 602/603 (contract 7.5) or by an operator. */
export interface ProductStatusTable {
  fonte: string;
  enabled: boolean;
  reason: string | null;
  changed_at: ColumnType<Date, Date | undefined, Date>;
}

/** One rate-limit bucket shared by the gateway replicas (migration 0016, docs/decisions/0055). UNLOGGED. */
export interface RateLimitAllowanceTable {
  /** `account:<uuid>` or `address:<client address>`. */
  key: string;
  milli_tokens: number;
  at_ms: number;
  granted: number;
  full_at_ms: number;
}

/**
 * One admin action or one refused admin authentication (migration 0015, docs/decisions/0054). `outcome` is the HTTP
 * status answered; null while the action runs, and for good when the answer was never sent (process stopped).
 */
export interface AdminAuditTable {
  id: Generated<number>;
  at: Date;
  /** `X-Operator` as the ops CLI sent it: declared by the operator, not proven. */
  operator: string | null;
  /** Which admin credential (`admin-token:<fingerprint>`); null when authentication failed. */
  credential: string | null;
  client_address: string;
  /** `account.create`, `account.credit`, ..., or `auth.refused`. */
  action: string;
  params: ColumnType<Record<string, string>, string, never>;
  body: ColumnType<unknown, string | null, never>;
  request_id: string;
  outcome: number | null;
  answered_at: Date | null;
}

/** What the public API's gateway keeps: tokens (libs/tokens), idempotency, product status, rate limits, admin audit (services/gateway). */
export interface GatewayTables {
  api_token: ApiTokenTable;
  idempotency_key: IdempotencyKeyTable;
  product_status: ProductStatusTable;
  rate_limit_allowance: RateLimitAllowanceTable;
  admin_audit: AdminAuditTable;
}
