import type { ColumnType, Generated } from 'kysely';

/** Messages written in the same transaction as the state change that causes them (architecture rule 6). */
export interface OutboxTable {
  id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, never>;
  /** Message headers, W3C trace context included, so the consumer joins the producer's trace. */
  headers: ColumnType<Record<string, string>, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Relay attempts; a row that keeps failing stays visible to operators. */
  attempts: Generated<number>;
  last_error: string | null;
  /** When a relay may (re)try the row: leased into the future while publishing, backed off after a failure. */
  available_at: ColumnType<Date, Date | undefined, Date>;
  /** Insertion order; breaks `created_at` ties between rows of one transaction. */
  seq: ColumnType<number, never, never>;
}

/** Message ids a consumer already handled: redelivery is at-least-once, handling is once. */
export interface ProcessedMessageTable {
  consumer: string;
  message_id: string;
  processed_at: ColumnType<Date, Date | undefined, never>;
}

/** Messages the in-process bus (standalone mode) gave up on after their queue's delivery limit. */
export interface DeadLetterTable {
  queue: string;
  message_id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, string>;
  headers: ColumnType<Record<string, string>, string, string>;
  /** Failed deliveries (the delivery limit + 1). */
  deliveries: number;
  /** The last handler error. */
  reason: string;
  dead_at: ColumnType<Date, Date | undefined, Date>;
}

/** One accepted execution (libs/orders is the only writer of `state`). Money in integer centavos. */
export interface OrdersTable {
  id: string;
  protocolo: string;
  account_id: string;
  token_id: string | null;
  fonte: string;
  /** The validated, normalized request body. */
  request: ColumnType<unknown, string, never>;
  /** Record + office, for the 7-day order block (property products only). */
  imovel_chave: string | null;
  uf: string;
  price_centavos: number;
  /** The quote the price came from (office fee, margin). */
  quote: ColumnType<unknown, string, never>;
  state: ColumnType<OrderStateColumn, OrderStateColumn, OrderStateColumn>;
  code: number | null;
  status_consulta: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  site_receipts: ColumnType<string[], string | undefined, string>;
  numero_pedido: string | null;
  /** The 202 body answered at acceptance. */
  aceite: ColumnType<unknown, string, never>;
  request_id: string;
  attempts: ColumnType<number, number | undefined, number>;
  attempt_started_at: Date | null;
  run_after: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: Date | null;
  /** Identity, in the order rows are written: the queue's tie-break (migration 0014; protocolos carry no order). */
  acceptance_seq: ColumnType<string, never, never>;
  /** Times the FINISHED result changed (migration 0014, docs/decisions/0051); 0 for the first result. */
  revisao: ColumnType<number, number | undefined, number>;
  /** When the finished result last changed; null if it never did. */
  revisado_em: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A provisional search: when its next revision (origin check) is due; null when none is scheduled. */
  proxima_revisao_em: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The batch the order was accepted in (migration 0025); null for an order of its own. */
  batch_id: ColumnType<string | null, string | null | undefined, never>;
  /** The client's own reference from the body (migration 0029, issue 17); null when none. */
  referencia: ColumnType<string | null, string | null | undefined, never>;
}

/** A batch of orders accepted in one request (migration 0025, docs/decisions/0087). */
export interface OrderBatchTable {
  id: string;
  /** Digits only, from the protocolo sequence. */
  lote: string;
  account_id: string;
  token_id: string | null;
  /**
   * `pesquisa-nacional` (0087, one order per UF), `pesquisa-alvos` (0088, one order per item; migration 0026) or
   * `imoveis` (0090, one record view or certificate per item, `fonte` says which; migration 0028).
   */
  kind: 'pesquisa-nacional' | 'pesquisa-alvos' | 'imoveis';
  fonte: string;
  request: ColumnType<unknown, string, never>;
  idempotency_key: string;
  /** The sum charged: one debit per order, all in the acceptance transaction. */
  price_centavos: ColumnType<number, number, never>;
  /** The 202 body answered at acceptance. */
  aceite: ColumnType<unknown, string, never>;
  request_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The key of the protocolo permutation, one row (migration 0014, docs/decisions/0050). */
export interface ProtocoloSecretTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  secret: ColumnType<Buffer, Buffer, never>;
}

export type OrderStateColumn = 'queued' | 'running' | 'awaiting_issue' | 'archiving' | 'finished';

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

export type DocumentKindColumn = 'comprovante' | 'visualizacao' | 'certidao';

/** A document the archive keeps (migration 0010; libs/documents): the object is in S3 under `storage_key`. */
export interface OrderDocumentTable {
  order_id: string;
  kind: DocumentKindColumn;
  storage_key: string;
  /** Lowercase hex SHA-256 of the bytes stored. */
  sha256: string;
  size_bytes: number;
  content_type: string;
  /** The origin's link it was downloaded from (expires in 7 days; kept for audit). */
  origin_url: string;
  stored_at: Date;
  /** When the archive had the bytes (download ended; migration 0032); null for documents archived before it. */
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type RecordViewReconciliationState = 'pending' | 'found' | 'closed' | 'not_found';

/** A record view that finished 605, reconciled against the origin's order listing (migration 0011; the reconciler). */
export interface RecordViewReconciliationTable {
  order_id: string;
  state: RecordViewReconciliationState;
  /** The origin order matched (kept while the origin still works on it). */
  numero_pedido: string | null;
  /** Listings asked for while it was pending. */
  rounds: ColumnType<number, number | undefined, number>;
  next_round_at: Date;
  created_at: Date;
  updated_at: Date;
  concluded_at: Date | null;
  overdue_alerted_at: Date | null;
}

/** An order the reconciler's sweeper drove again after it stayed unfinished past its product's time (migration 0017). */
export interface OrderSweepTable {
  order_id: string;
  sweeps: number;
  last_swept_at: Date;
}

export type CertificateWatchState = 'watching' | 'ended' | 'exhausted' | 'lost';

/** A certificate the reconciler follows (migration 0011): re-checks while EM_EMISSAO, alerts when they run out. */
export interface CertificateWatchTable {
  order_id: string;
  state: CertificateWatchState;
  /** Checks asked of the origin so far, the first one (origin-session's, at the forecast) included. */
  checks: ColumnType<number, number | undefined, number>;
  /** The office's zone: the checks fall in its registry business hours. */
  time_zone: string;
  /** Set exactly while `watching`. */
  next_check_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A message due at a time (architecture rule 7): moved to the outbox when due. */
export interface ScheduledMessageTable {
  id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, string>;
  headers: ColumnType<Record<string, string>, string, never>;
  due_at: Date;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A commercial plan: the margin over the office fee per product (migration 0003; libs/ledger prices with it). */
export interface PlanTable {
  id: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Most open (not finished) orders an account on this plan may have at once (migration 0024; decision 0084). */
  max_open_orders: ColumnType<number, number | undefined, number>;
  /** The account's weight in the fair share of origin time (migration 0027; decision 0085). */
  scheduling_weight: ColumnType<number, number | undefined, number>;
}

/** Margin of a plan on one product: a percentage in basis points (1500 = 15 %) plus a fixed amount. */
export interface PlanMarginTable {
  plan_id: string;
  fonte: string;
  margin_bps: number;
  margin_fixed_centavos: number;
}

/** A prepaid customer account. The balance is written only by the ledger's trigger (never by an UPDATE). */
export interface AccountTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  plan_id: ColumnType<string, string | undefined, string>;
  balance_centavos: ColumnType<number, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 0021: the console warns while the balance is below it; NULL when the customer set none. */
  low_balance_threshold_centavos: ColumnType<number | null, number | null | undefined, number | null>;
}

export type LedgerTransactionKind = 'topup' | 'order_debit' | 'order_refund' | 'adjustment';

/** The system accounts a ledger posting may name besides a customer account. */
export type LedgerSystemAccount = 'platform:cash' | 'platform:revenue' | 'platform:adjustments';

/**
 * One journal entry (append-only; libs/ledger is the only writer). `amount_centavos` is the signed change of the
 * customer's balance; `seq`, `balance_after_centavos`, `created_in_xact` and `created_at` are stamped by the database.
 */
export interface LedgerTransactionTable {
  id: ColumnType<string, string | undefined, never>;
  seq: ColumnType<number, never, never>;
  kind: ColumnType<LedgerTransactionKind, LedgerTransactionKind, never>;
  account_id: ColumnType<string, string, never>;
  amount_centavos: ColumnType<number, number, never>;
  balance_after_centavos: ColumnType<number, never, never>;
  order_id: ColumnType<string | null, string | null | undefined, never>;
  protocolo: ColumnType<string | null, string | null | undefined, never>;
  fonte: ColumnType<string | null, string | null | undefined, never>;
  uf: ColumnType<string | null, string | null | undefined, never>;
  code: ColumnType<number | null, number | null | undefined, never>;
  result_class: ColumnType<string | null, string | null | undefined, never>;
  external_reference: ColumnType<string | null, string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  created_in_xact: ColumnType<string, never, never>;
  created_at: ColumnType<Date, never, never>;
}

/** One leg of a journal entry: a customer account or a system account; an entry's legs sum to zero. */
export interface LedgerPostingTable {
  id: ColumnType<number, never, never>;
  transaction_id: ColumnType<string, string, never>;
  account_id: ColumnType<string | null, string | null | undefined, never>;
  system_account: ColumnType<LedgerSystemAccount | null, LedgerSystemAccount | null | undefined, never>;
  amount_centavos: ColumnType<number, number, never>;
}

/**
 * A closed monthly statement (migration 0034; docs/decisions/0105): written once per account and month (`AAAA-MM`,
 * Brasília), never updated or deleted (triggers). Its CSV and PDF live in the document store under the two keys.
 */
export interface MonthlyStatementTable {
  account_id: ColumnType<string, string, never>;
  month: ColumnType<string, string, never>;
  opening_centavos: ColumnType<number, number, never>;
  closing_centavos: ColumnType<number, number, never>;
  credits_centavos: ColumnType<number, number, never>;
  debits_centavos: ColumnType<number, number, never>;
  lines: ColumnType<number, number, never>;
  csv_key: ColumnType<string, string, never>;
  csv_sha256: ColumnType<string, string, never>;
  csv_bytes: ColumnType<number, number, never>;
  pdf_key: ColumnType<string, string, never>;
  pdf_sha256: ColumnType<string, string, never>;
  pdf_bytes: ColumnType<number, number, never>;
  closed_at: ColumnType<Date, Date | undefined, never>;
}

type ViewColumn<T> = ColumnType<T, never, never>;

/** View (migration 0005): the extrato, one row per ledger entry. `day` is the civil day in Brasília time. */
export interface FinanceAccountStatementView {
  transaction_id: ViewColumn<string>;
  seq: ViewColumn<number>;
  account_id: ViewColumn<string>;
  kind: ViewColumn<LedgerTransactionKind>;
  order_id: ViewColumn<string | null>;
  protocolo: ViewColumn<string | null>;
  fonte: ViewColumn<string | null>;
  uf: ViewColumn<string | null>;
  code: ViewColumn<number | null>;
  result_class: ViewColumn<string | null>;
  amount_centavos: ViewColumn<number>;
  balance_after_centavos: ViewColumn<number>;
  external_reference: ViewColumn<string | null>;
  reason: ViewColumn<string | null>;
  created_at: ViewColumn<Date>;
  day: ViewColumn<Date>;
}

/** View (migration 0005): order debits and refunds per day (Brasília), product and UF. */
export interface FinanceDailyTotalsView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  debits: ViewColumn<number>;
  debited_centavos: ViewColumn<number>;
  refunds: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  net_centavos: ViewColumn<number>;
}

/** View (migration 0005): refunds per day (Brasília), product, result class, code and reason. */
export interface FinanceRefundsByClassView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string | null>;
  result_class: ViewColumn<string | null>;
  code: ViewColumn<number | null>;
  reason: ViewColumn<string>;
  refunds: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
}

/** The fee the origin reported for one of its orders (migration 0035, docs/decisions/0102): once per `numero_pedido`. */
export interface RegistryFeeTable {
  numero_pedido: ColumnType<string, string, never>;
  fonte: ColumnType<string, string, never>;
  fee_centavos: ColumnType<number, number, never>;
  charged_at: ColumnType<Date, Date, never>;
  source: ColumnType<'answer' | 'listing', 'answer' | 'listing', never>;
  recorded_in_xact: ColumnType<string, never, never>;
  recorded_at: ColumnType<Date, never, never>;
}

export type RegistrySystemAccount = 'platform:registry_expense' | 'platform:registry_payable';

/** A leg of a registry fee (migration 0035): expense debited, payable credited, summing to zero at commit. */
export interface RegistryFeePostingTable {
  id: ColumnType<number, never, never>;
  numero_pedido: ColumnType<string, string, never>;
  system_account: ColumnType<RegistrySystemAccount, RegistrySystemAccount, never>;
  amount_centavos: ColumnType<number, number, never>;
}

/** A persisted reconciliation with the registry (migration 0035, docs/decisions/0103). */
export interface RegistryReconciliationTable {
  id: ColumnType<string, string | undefined, never>;
  period_from: Date;
  period_to: Date;
  month: string | null;
  mismatches: number;
  totals: ColumnType<unknown, string, string>;
  computed_at: ColumnType<Date, Date | undefined, never>;
}

export type RegistryReconciliationCategory =
  | 'charged_delivered'
  | 'charged_refunded'
  | 'charged_unknown'
  | 'ours_unlisted';

export interface RegistryReconciliationLineTable {
  reconciliation_id: string;
  category: RegistryReconciliationCategory;
  numero_pedido: string | null;
  order_id: string | null;
  fonte: string | null;
  fee_centavos: number;
  price_centavos: number;
  refunded_centavos: number;
  loss_cause: string | null;
}

/** The monthly close of the registry reconciliation (migration 0035): listing asked, applied, report written. */
export interface RegistryMonthCloseTable {
  month: string;
  period_from: Date;
  period_to: Date;
  listing_asked_at: Date;
  listing_applied_at: Date | null;
  reconciliation_id: string | null;
}

/** View (migration 0035): one row per origin order the registry charged, with our order when known. */
export interface FinanceRegistryFeeView {
  numero_pedido: ViewColumn<string>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  order_id: ViewColumn<string | null>;
  account_id: ViewColumn<string | null>;
  fee_centavos: ViewColumn<number>;
  charged_at: ViewColumn<Date>;
  day: ViewColumn<Date>;
  source: ViewColumn<'answer' | 'listing'>;
  recorded_at: ViewColumn<Date>;
}

export type RefundCause = 'certificate_lost' | 'origin_timeout_605' | 'origin_error_607' | 'other';

/** View (migration 0035): one row per debited order, its customer net, registry fee and margin. */
export interface FinanceOrderMarginView {
  order_id: ViewColumn<string>;
  account_id: ViewColumn<string>;
  protocolo: ViewColumn<string>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  day: ViewColumn<Date>;
  price_centavos: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  customer_net_centavos: ViewColumn<number>;
  refund_cause: ViewColumn<RefundCause | null>;
  numero_pedido: ViewColumn<string | null>;
  registry_fee_centavos: ViewColumn<number | null>;
  margin_centavos: ViewColumn<number>;
}

/** View (migration 0035): the registry payable per day charged and product. */
export interface FinanceRegistryPayableView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  origin_orders: ViewColumn<number>;
  payable_centavos: ViewColumn<number>;
}

/** View (migration 0035): refunds of orders the registry still charged, per refund day, product and cause. */
export interface FinancePlatformLossView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  cause: ViewColumn<RefundCause>;
  orders: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  loss_centavos: ViewColumn<number>;
}

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

/** Whether a product is in service (migration 0004): taken out on 602/603 (contract 7.5) or by an operator. */
export interface ProductStatusTable {
  fonte: string;
  enabled: boolean;
  reason: string | null;
  changed_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * One admin action or one refused admin authentication (migration 0015, docs/decisions/0054). `outcome` is the HTTP
 * status answered; null while the action runs, and for good when the answer was never sent (process stopped).
 */
export interface AdminAuditTable {
  id: Generated<string>;
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

/** A registry office of the local catalog (migration 0008; libs/catalog). */
export interface CatalogOfficeTable {
  cns: string;
  numero: number;
  nome: string;
  municipio: string;
  /** `municipio` without accents, case or punctuation: what a client's spelling is compared with. */
  municipio_chave: string;
  uf: string;
  time_zone: string;
  disponivel: boolean;
}

/** The origin's fee of a product in a whole UF (the preliminary search), integer centavos; 0 = unknown. */
export interface CatalogUfFeeTable {
  fonte: string;
  uf: string;
  centavos: number;
}

/** The origin's fee of a product at one office (record view, certificate), integer centavos; 0 = unknown. */
export interface CatalogOfficeFeeTable {
  fonte: string;
  cns: string;
  centavos: number;
}

/** One completed catalog sync; the newest row describes the catalog in force. */
export interface CatalogSyncTable {
  id: ColumnType<number, never, never>;
  synced_at: Date;
  origin_generated_at: Date;
  vigencia: ColumnType<Date, string, never>;
  offices: number;
  offices_available: number;
  uf_fees: number;
  office_fees: number;
}

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
  produto: string;
  criado_em: Date;
  /** The orders of ours that claim it: none when unowned, two or more when claimed twice. */
  owner_order_ids: ColumnType<string[], readonly string[], never>;
  listed_at: Date;
  found_at: Date;
}

/** Origin-session's forecast start of a queued order under the fair schedule (migration 0027; decision 0086). */
export interface OrderForecastTable {
  order_id: string;
  start_at: Date;
  computed_at: Date;
}

/** The fair queue's backlog summary, one row (migration 0027; decision 0086). `accounts` is a JSON array. */
export interface FairScheduleTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  computed_at: Date;
  /** The summary counts the queued orders with `acceptance_seq` up to this one. */
  covered_seq: ColumnType<string, string | number, string | number>;
  internal_work_ms: ColumnType<string, number, number>;
  internal_share: number;
  accounts: ColumnType<unknown, string, string>;
  /** Per product, the run time (ms) the schedule was computed with (migration 0031); `{}`: the typical figures. */
  run_ms: ColumnType<unknown, string | undefined, string>;
}

/** One rate-limit bucket shared by the gateway replicas (migration 0016, docs/decisions/0055). UNLOGGED. */
export interface RateLimitAllowanceTable {
  /** `account:<uuid>` or `address:<client address>`. */
  key: string;
  milli_tokens: number;
  // bigint: node-postgres reads it as a string.
  at_ms: ColumnType<string, number, number>;
  granted: number;
  full_at_ms: ColumnType<string, number, number>;
}

/**
 * The pipeline snapshot's one row (migration 0018, docs/decisions/0064): the reconciler writes it once per interval,
 * every replica's gauges read it. `figures` is the reconciler's `SnapshotValues`, validated where it is read.
 */
export interface MetricsSnapshotTable {
  id: ColumnType<number, number | undefined, never>;
  figures: ColumnType<unknown, string | null, string>;
  computed_at: Date | null;
  duration_ms: number | null;
}

export type ConsoleRoleColumn = 'administrador' | 'desenvolvimento' | 'financeiro' | 'consulta';

/** A person of a customer account who signs in to the console (migration 0019, docs/decisions/0070). */
export interface ConsoleUserTable {
  id: ColumnType<string, string | undefined, never>;
  account_id: ColumnType<string, string, never>;
  /** Lowercased; unique across accounts. */
  email: string;
  role: ConsoleRoleColumn;
  /** argon2id PHC string; null while an invited user has not chosen a password. */
  password_hash: string | null;
  totp_secret: string | null;
  /** Migration 0023: the last accepted TOTP time step (a code is never accepted twice). */
  totp_last_step: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0023: a secret being enrolled, until a code confirms it. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_failed_at: Date | null;
  locked_until: Date | null;
  created_at: ColumnType<Date, Date, never>;
  disabled_at: Date | null;
}

/** A console session (migration 0019): `id` is the SHA-256 (hex) of the browser's token, never the token. */
export interface ConsoleSessionTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  csrf_secret: ColumnType<Buffer, Buffer, never>;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: Date;
  expires_at: ColumnType<Date, Date, never>;
  revoked_at: Date | null;
}

/** One thing a console user did or had refused (migration 0019). Append-only. */
export interface ConsoleAuditTable {
  id: Generated<string>;
  account_id: ColumnType<string, string, never>;
  user_id: ColumnType<string | null, string | null | undefined, never>;
  /** `auth.sign-in`, `auth.refused`, `auth.lockout`, `auth.sign-out`, ... */
  action: ColumnType<string, string, never>;
  target: ColumnType<string | null, string | null | undefined, never>;
  at: ColumnType<Date, Date, never>;
  params: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** A one-time link (migration 0023): `id` is the SHA-256 (hex) of the link's token. */
export interface ConsoleLinkTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  purpose: ColumnType<'invitation' | 'password-reset', 'invitation' | 'password-reset', never>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: Date | null;
}

/** The console's mail outbox (migration 0023). */
export interface ConsoleMailTable {
  id: Generated<string>;
  account_id: ColumnType<string, string, never>;
  recipient: ColumnType<string, string, never>;
  subject: ColumnType<string, string, never>;
  body: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  sent_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  last_error: string | null;
}

/** Between a correct password and the TOTP code (migration 0023): `id` is the SHA-256 (hex) of the browser's token. */
export interface ConsoleSignInChallengeTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: Date | null;
}

/** A URL an account registered for webhooks (migration 0030). */
export interface WebhookEndpointTable {
  id: Generated<string>;
  account_id: ColumnType<string, string, never>;
  url: string;
  events: string[];
  secret: ColumnType<string, string, never>;
  description: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint (migration 0030). */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpoint_id: ColumnType<string, string, never>;
  account_id: ColumnType<string, string, never>;
  event_id: ColumnType<string, string, never>;
  event_type: ColumnType<string, string, never>;
  payload: ColumnType<unknown, string, never>;
  state: WebhookDeliveryState;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  delivered_at: Date | null;
}

/** One try of a delivery (migration 0030). */
export interface WebhookAttemptTable {
  id: Generated<string>;
  delivery_id: ColumnType<string, string, never>;
  attempted_at: ColumnType<Date, Date, never>;
  status_code: ColumnType<number | null, number | null, never>;
  latency_ms: ColumnType<number, number, never>;
  error: ColumnType<string | null, string | null, never>;
  response_excerpt: ColumnType<string | null, string | null, never>;
}

export interface Database {
  outbox: OutboxTable;
  processed_message: ProcessedMessageTable;
  dead_letter: DeadLetterTable;
  orders: OrdersTable;
  scheduled_message: ScheduledMessageTable;
  idempotency_key: IdempotencyKeyTable;
  order_batch: OrderBatchTable;
  order_document: OrderDocumentTable;
  plan: PlanTable;
  plan_margin: PlanMarginTable;
  account: AccountTable;
  api_token: ApiTokenTable;
  product_status: ProductStatusTable;
  ledger_transaction: LedgerTransactionTable;
  ledger_posting: LedgerPostingTable;
  monthly_statement: MonthlyStatementTable;
  finance_account_statement: FinanceAccountStatementView;
  finance_daily_totals: FinanceDailyTotalsView;
  finance_refunds_by_class: FinanceRefundsByClassView;
  registry_fee: RegistryFeeTable;
  registry_fee_posting: RegistryFeePostingTable;
  registry_reconciliation: RegistryReconciliationTable;
  registry_reconciliation_line: RegistryReconciliationLineTable;
  registry_month_close: RegistryMonthCloseTable;
  finance_registry_fee: FinanceRegistryFeeView;
  finance_order_margin: FinanceOrderMarginView;
  finance_registry_payable: FinanceRegistryPayableView;
  finance_platform_loss: FinancePlatformLossView;
  catalog_office: CatalogOfficeTable;
  catalog_uf_fee: CatalogUfFeeTable;
  catalog_office_fee: CatalogOfficeFeeTable;
  catalog_sync: CatalogSyncTable;
  origin_order_attempt: OriginOrderAttemptTable;
  origin_leadership: OriginLeadershipTable;
  origin_ownership_check: OriginOwnershipCheckTable;
  origin_ownership_finding: OriginOwnershipFindingTable;
  order_forecast: OrderForecastTable;
  fair_schedule: FairScheduleTable;
  record_view_reconciliation: RecordViewReconciliationTable;
  certificate_watch: CertificateWatchTable;
  protocolo_secret: ProtocoloSecretTable;
  rate_limit_allowance: RateLimitAllowanceTable;
  admin_audit: AdminAuditTable;
  order_sweep: OrderSweepTable;
  metrics_snapshot: MetricsSnapshotTable;
  console_user: ConsoleUserTable;
  console_session: ConsoleSessionTable;
  console_audit: ConsoleAuditTable;
  console_link: ConsoleLinkTable;
  console_mail: ConsoleMailTable;
  console_sign_in_challenge: ConsoleSignInChallengeTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
}
