export type { CallOptions } from './call-options';
export type { Catalog, Office, OfficeFees, Tariffs, UfSearchFee } from './catalog';
export { expectKind, expectSearchAnswer, isKind } from './contract/expect-kind';
export {
  ORIGIN_FAULTS,
  ORIGIN_OPERATIONS,
  type OriginControl,
  type OriginFault,
  type OriginOperation,
  type OriginSample,
  type ReceivedOrder,
} from './contract/origin-control';
export {
  type ContractOptions,
  type ContractSubject,
  type OptionalControl,
  originPortalContract,
  UNKNOWN_CPF,
} from './contract/origin-portal-contract';
export {
  createOriginDocumentDownloader,
  downloadOriginDocument,
  type OriginDocumentDownloader,
} from './http/document-download';
export { createHttpOriginPortal, type HttpOriginPortalOptions } from './http/http-origin-portal';
export type { FetchLike } from './http/send-request';
export {
  MATRICULA_NAO_INFORMADA,
  ORIGIN_PATHS,
  SESSION_COOKIE,
  WIRE_ERRORS,
  type WireCatalog,
  type WireCertificateDetail,
  type WireCertificateOrder,
  type WireDocumentLink,
  type WireError,
  type WireErrorCode,
  type WireLoginRequest,
  type WireLoginResponse,
  type WireOffice,
  type WireOfficeRef,
  type WireOrderDetail,
  type WireOrderList,
  type WireOrderListItem,
  type WirePropertyRequest,
  type WireRecordView,
  type WireSearch,
  type WireSearchRequest,
  type WireSearchRow,
  type WireTariffs,
} from './http/wire';
export { wireValidators } from './http/wire-schemas';
export { pickListedRecordView, sameRecordNumber } from './order-matching';
export type {
  CertificateAccepted,
  CertificateIssued,
  OfficeRef,
  OrderProduct,
  OrderSummary,
  OriginDocument,
  OriginDocumentLink,
  RecordView,
} from './orders';
export type { OriginPortal } from './origin-portal';
export {
  type AnyOriginOutcome,
  type CatalogOutcome,
  type CertificateInQueue,
  type CertificateOutcome,
  type CheckOrderOutcome,
  type DataFailure,
  type DownloadOutcome,
  type ListOrdersOutcome,
  type LoginOutcome,
  type OriginFailure,
  type OriginOutcomeKind,
  type PropertyOrderFailure,
  type RecordViewDelivered,
  type RecordViewOutcome,
  type SearchAnswer,
  type SearchOutcome,
  searchAnswer,
  type TariffsOutcome,
} from './outcomes';
export { countPdfPages } from './pdf-pages';
export {
  checkPdfSignature,
  extractPdfSignature,
  findPdfSignature,
  type PdfSignature,
  type PdfSignatureCheck,
  PdfSignatureFormatError,
  type Pkcs7Verification,
  verifyDetachedPkcs7,
} from './pdf-signature';
export { extractPdfText, findValidatorCode, VALIDATOR_CODE_PATTERN } from './pdf-text';
export type { Finalidade, PropertyRef, SearchQuery } from './property';
export type { PropertySearch, SearchCoverage, SearchRow } from './search';
