import type { Catalog, Tariffs } from './catalog';
import type { CertificateAccepted, CertificateIssued, OrderSummary, OriginDocument, RecordView } from './orders';
import type { PropertySearch } from './search';

/**
 * What the origin said, as values, not exceptions. These say WHAT HAPPENED at the origin; turning them into the
 * 6xx codes of contract 7 is origin-session's job, so this library carries no code table.
 */

/** Failures any session call can meet. */
export type OriginFailure =
  /** No answer within the caller's timeout, or the origin itself answered that it timed out. */
  | { readonly kind: 'timeout'; readonly by: 'caller' | 'origin' }
  /** Unreachable, a maintenance page, a 5xx that is not one of the named answers below. */
  | { readonly kind: 'down'; readonly detail: string }
  /** The account or its address is blocked by the origin. */
  | { readonly kind: 'blocked'; readonly message: string }
  /** The origin demanded a captcha the integration could not answer. */
  | { readonly kind: 'captcha'; readonly message: string }
  /** The origin sheds load; try after the given seconds when it says. */
  | { readonly kind: 'overloaded'; readonly retryAfterSeconds: number | null }
  | { readonly kind: 'too-many-attempts'; readonly retryAfterSeconds: number | null }
  /** The session is gone (expired, replaced by a newer login, or never opened): log in again. */
  | { readonly kind: 'session-lost'; readonly reason: 'expired' | 'missing' }
  /** A call was already running on this session: the origin refuses a second one (one session per account). */
  | { readonly kind: 'session-busy' }
  /** The origin does not recognise the service requested (an integration defect, or the portal changed). */
  | { readonly kind: 'service-invalid'; readonly message: string }
  /**
   * The origin says the SERVICE itself is unavailable right now (`SERVICO_INDISPONIVEL`): the product, for everyone.
   * Never one office's state: that is `office-unavailable`, an answer of the property orders only.
   */
  | { readonly kind: 'service-unavailable'; readonly message: string }
  /** The answer does not follow the protocol (validation failed): an integration defect, never retried blindly. */
  | { readonly kind: 'protocol-error'; readonly detail: string };

/** The origin refused the DATA of an order (contract 7 `erro_participante`). */
export type DataFailure =
  | { readonly kind: 'data-refused'; readonly message: string }
  /** The data changed at the registry since it was read (record closed, office renumbered). */
  | { readonly kind: 'data-changed'; readonly message: string };

export type LoginOutcome =
  | { readonly kind: 'logged-in'; readonly expiresAt: string | null }
  | { readonly kind: 'credentials-refused'; readonly message: string }
  | OriginFailure;

/**
 * The origin's facts about an order, named once whether they answer the call that placed it or a later check of it
 * (decision 0115): a search answered with rows or without, a record view delivered, a certificate accepted (in the
 * registry queue).
 */
export type SearchAnswer =
  | { readonly kind: 'found'; readonly search: PropertySearch }
  /** The origin answered with no row. Still provisional while `coverage.retriesPendentes` is true (contract 7.11). */
  | { readonly kind: 'nothing-found'; readonly search: PropertySearch };

export type RecordViewDelivered = { readonly kind: 'delivered'; readonly view: RecordView };

/** Protocolled, in the registry queue until the office issues it (contract 2.6, EM_EMISSAO). */
export type CertificateInQueue = { readonly kind: 'accepted'; readonly certificate: CertificateAccepted };

/** A search's answer by its rows: `found` with at least one, else `nothing-found`. */
export function searchAnswer(search: PropertySearch): SearchAnswer {
  return search.rows.length > 0 ? { kind: 'found', search } : { kind: 'nothing-found', search };
}

export type SearchOutcome =
  | SearchAnswer
  /** The search ran but the printed-screen receipt could not be generated. */
  | { readonly kind: 'receipt-error'; readonly numeroPedido: string | null; readonly message: string }
  | DataFailure
  | OriginFailure;

/** Answers shared by the two property products. */
export type PropertyOrderFailure =
  /** No such record in that office. */
  | { readonly kind: 'nothing-found'; readonly message: string }
  /** The office cannot issue this over the internet; not an irregularity (contract 7 `indeterminado`). */
  | { readonly kind: 'cannot-issue-online'; readonly message: string }
  /**
   * ONE registry office is out of service at the origin (`CARTORIO_FORA_DO_AR`); the product and the other offices
   * are not. `cns` is the office the origin names (null when it names none): the order's office.
   */
  | { readonly kind: 'office-unavailable'; readonly cns: string | null; readonly message: string }
  /**
   * The same record and office was ordered within the block window; the origin gives the date it accepts again and,
   * when it names it, the protocol of the order in force (always one of the platform's: one account, contract 1.7). An
   * order of ours in doubt follows that protocol instead of being refunded (docs/decisions/0110).
   */
  | { readonly kind: 'repeated-order'; readonly aceitaAPartirDe: string; readonly numeroPedido: string | null }
  | DataFailure
  | OriginFailure;

export type RecordViewOutcome = RecordViewDelivered | PropertyOrderFailure;

export type CertificateOutcome =
  | CertificateInQueue
  /** Accepted WITHOUT a protocol: nothing can be downloaded or recovered; the amount is returned (contract 2.6). */
  | { readonly kind: 'accepted-without-protocol'; readonly message: string }
  | PropertyOrderFailure;

export type CheckOrderOutcome =
  | SearchAnswer
  | RecordViewDelivered
  /** Placed, not delivered yet: seen after a call that timed out while the office was still working. */
  | { readonly kind: 'record-view-in-progress'; readonly numeroPedido: string }
  /** Still in the registry queue (contract 3: treated as still processing). */
  | CertificateInQueue
  | { readonly kind: 'certificate-issued'; readonly certificate: CertificateIssued }
  | { readonly kind: 'order-not-found' }
  | OriginFailure;

export type ListOrdersOutcome = { readonly kind: 'orders'; readonly orders: readonly OrderSummary[] } | OriginFailure;

export type DownloadOutcome =
  | { readonly kind: 'document'; readonly document: OriginDocument }
  /** The origin's URL is past its 7 days (contract 8). */
  | { readonly kind: 'link-expired' }
  | { readonly kind: 'document-not-found' }
  | OriginFailure;

export type CatalogOutcome = { readonly kind: 'catalog'; readonly catalog: Catalog } | OriginFailure;

export type TariffsOutcome = { readonly kind: 'tariffs'; readonly tariffs: Tariffs } | OriginFailure;

/** Every outcome kind, for exhaustive tables downstream. */
export type AnyOriginOutcome =
  | LoginOutcome
  | SearchOutcome
  | RecordViewOutcome
  | CertificateOutcome
  | CheckOrderOutcome
  | ListOrdersOutcome
  | DownloadOutcome
  | CatalogOutcome
  | TariffsOutcome;

export type OriginOutcomeKind = AnyOriginOutcome['kind'];
