export { AMBIENTE_HEADER, AMBIENTES, type Ambiente, isAmbiente } from './ambiente';
export { CSV_DIALECTS, type CsvDialect } from './csv-dialects';
export {
  API_VERSION,
  centavosToReais,
  type DataItem,
  type Envelope,
  type EnvelopeHeader,
  type EnvelopeInput,
  envelope,
  type FieldError,
  RESERVED_DATA_KEYS,
  ReservedDataKeyError,
} from './envelope';
export { DEFAULT_FINALIDADE, FINALIDADE_DESCRICAO, FINALIDADES, type Finalidade } from './finalidade';
export { buildOpenApi, openApiJson } from './openapi/build-openapi';
export type { JsonObject, JsonValue } from './openapi/json';
export type { OpenApiDocument, Operation, PathItem, SecurityRequirement } from './openapi/openapi-types';
export { OpenApiValidator } from './openapi/openapi-validator';
export { SANDBOX_EXAMPLES, type SandboxExample } from './openapi/sandbox-examples';
export { FORMAT_PATTERNS, standardSchema } from './openapi/standard-formats';
export { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, ORDER_LIST_ESTADOS, type OrderListEstado } from './order-list';
export { FONTES, type Fonte, isFonte, PRODUCTS, type Product, type ProductScope, product, scopeOf } from './products';
export { AJV_OPTIONS, CUSTOM_FORMATS, compileOnFirstUse, contractsAjv, createContractsAjv } from './requests/ajv';
export { BODY_FIELD, toFieldErrors } from './requests/field-errors';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_SCHEMA, validateIdempotencyKey } from './requests/idempotency-key';
export {
  type ImovelMatricula,
  type ImovelMatriculaFailure,
  type ImovelMatriculaParse,
  isValidImovelMatricula,
  parseImovelMatricula,
} from './requests/imovel-matricula';
export type {
  CertidaoInteiroTeorRequest,
  ImovelRequest,
  PesquisaPreviaBensRequest,
  RawImovelBody,
  RawPesquisaPreviaBensBody,
  RawVisualizacaoMatriculaBody,
  RequestBodies,
  RequestBodyOf,
  VisualizacaoMatriculaRequest,
} from './requests/request-types';
export {
  CARTORIO_MAX,
  CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA,
  CERTIDAO_LOTE_BODY_SCHEMA,
  MAX_BATCH_ITEMS,
  MUNICIPIO_MAX_LENGTH,
  NOME_MAX_LENGTH,
  PESQUISA_LOTE_BODY_SCHEMA,
  PESQUISA_NACIONAL_BODY_SCHEMA,
  PESQUISA_PREVIA_BENS_BODY_SCHEMA,
  REFERENCIA_MAX_LENGTH,
  REQUEST_BODY_SCHEMAS,
  VISUALIZACAO_LOTE_BODY_SCHEMA,
  VISUALIZACAO_MATRICULA_BODY_SCHEMA,
} from './requests/schemas';
export { isUuid, NIL_UUID } from './requests/uuid';
export {
  type ImovelFonte,
  type ImovelLoteRequest,
  type LoteRequest,
  type PesquisaLoteRequest,
  type PesquisaNacionalRequest,
  validateCertidaoInteiroTeorBody,
  validateImovelLoteBody,
  validatePesquisaLoteBody,
  validatePesquisaNacionalBody,
  validatePesquisaPreviaBensBody,
  validateRequest,
  validateVisualizacaoMatriculaBody,
} from './requests/validate-request';
export type { Validation } from './requests/validation';
export {
  validateWatchBody,
  validateWatchPedido,
  WATCH_BODY_FIELDS,
  WATCH_ESTADOS,
  WATCH_FREQUENCIAS,
  WATCH_TIPOS,
  type WatchEstado,
  type WatchFrequencia,
  type WatchPedido,
  type WatchRequest,
  type WatchTipo,
} from './requests/watch-body';
export {
  isPermanent,
  isRefunded,
  isResultCode,
  isRetryable,
  RESULT_CLASS_INFO,
  RESULT_CLASSES,
  RESULT_CODES,
  RESULT_CODES_BY_CLASS,
  RESULT_STATUS_NOTE,
  type ResultClass,
  type ResultClassInfo,
  type ResultCode,
  type ResultCodeInfo,
  resultClassOf,
  resultCode,
  withResultStatusNote,
} from './result-codes';
export {
  finishedResultMessage,
  MONEY_OUTCOMES,
  type MoneyOutcome,
  moneyOutcomeOfFinished,
  refusalMessage,
} from './result-messages';
export {
  isTransportCode,
  OPEN_ORDER_LIMIT_RETRY_AFTER_S,
  openOrderLimitMessage,
  TRANSPORT_MESSAGES,
  type TransportCode,
  transportMessage,
} from './transport-codes';
export {
  ORDER_BLOCK_MOTIVO,
  QUOTE_REFUSAL_MOTIVOS,
  type QuoteRefusalMotivo,
  UNAVAILABLE_MOTIVO_QUANDO,
  UNAVAILABLE_MOTIVOS,
  type UnavailableMotivo,
} from './unavailable-motivos';
export {
  WATCH_DIFF_RESULTADOS,
  WATCH_DIFF_SCHEMA,
  WATCH_DIFF_SCHEMA_NAME,
  WATCH_UF_MOTIVOS,
  WATCH_UF_SITUACOES,
  type WatchAto,
  type WatchAtoAlterado,
  type WatchDiff,
  type WatchDiffMatricula,
  type WatchDiffPessoa,
  type WatchDiffResultado,
  type WatchDocumento,
  type WatchImovel,
  type WatchUfDiff,
  type WatchUfMotivo,
  type WatchUfSituacao,
  watchDiffProblems,
} from './watch-diff';
export { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';
export { webhookPayloadProblems } from './webhook-payload-check';
export {
  isWebhookEmittedType,
  WEBHOOK_EMITTED_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
  WEBHOOK_TEST_EVENT,
  type WebhookEmittedType,
  webhookPayloadSchemaName,
} from './webhook-payloads';
