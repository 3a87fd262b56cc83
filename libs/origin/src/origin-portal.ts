import type { CallOptions } from './call-options';
import type {
  CatalogOutcome,
  CertificateOutcome,
  CheckOrderOutcome,
  DownloadOutcome,
  ListOrdersOutcome,
  LoginOutcome,
  RecordViewOutcome,
  SearchOutcome,
  TariffsOutcome,
} from './outcomes';
import type { Finalidade, PropertyRef, SearchQuery } from './property';

/**
 * The port: everything the service knows about the origin passes through here (issue 3). One account, one session
 * (contract 1.7): `login()` replaces any previous session of the account, and calls run one at a time — serializing them
 * is the caller's job (origin-session); a driver reports a concurrent call as `session-busy`, never queues it.
 *
 * No method throws for anything the origin says or fails to say: every answer is a typed outcome. A thrown error
 * means a programming defect (an invalid argument).
 */
export interface OriginPortal {
  /** Opens the account's session, invalidating any other one. */
  login(options: CallOptions): Promise<LoginOutcome>;
  /** Preliminary search: the offices of ONE UF where the document appears in a record (contract 2.4). */
  searchProperties(query: SearchQuery, options: CallOptions): Promise<SearchOutcome>;
  /** Record view: places the order and waits for the PDF (tens of seconds to minutes; contract 4 execution rule 7). */
  orderRecordView(
    property: PropertyRef,
    finalidade: Finalidade | undefined,
    options: CallOptions,
  ): Promise<RecordViewOutcome>;
  /** Full-content certificate: places the order; the office delivers in registry business hours (contract 2.6). */
  orderCertificate(property: PropertyRef, options: CallOptions): Promise<CertificateOutcome>;
  /** State of one order by the origin's protocol: closes a search's pending retries, shows a certificate issued. */
  checkOrder(numeroPedido: string, options: CallOptions): Promise<CheckOrderOutcome>;
  /** Orders placed since the given instant (reconciliation after a timeout, contract 3). */
  listOrders(since: Date, options: CallOptions): Promise<ListOrdersOutcome>;
  /** Fetches a document or receipt by the URL the origin gave; needs no session. */
  downloadDocument(url: string, options: CallOptions): Promise<DownloadOutcome>;
  /** The registry offices (architecture rule 5: synced into a local catalog). */
  fetchCatalog(options: CallOptions): Promise<CatalogOutcome>;
  fetchTariffs(options: CallOptions): Promise<TariffsOutcome>;
}
