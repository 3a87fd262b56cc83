// Types of requests and answers, derived from the generated OpenAPI types (generated/openapi.ts) by path and method:
// an endpoint added to the document is typed here with no new code, and a method for it is a thin call (decision 0097).
import type { components, paths } from './generated/openapi';

export type { components, paths };

export type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The paths that have method `M`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]-?: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type Responses<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body (the envelope) of status `S` of `M P`. */
export type Answer<P extends keyof paths, M extends Method, S extends number> = S extends keyof Responses<P, M>
  ? JsonOf<Responses<P, M>[S]>
  : never;

/** The JSON request body of `M P`. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    requestBody: { content: { 'application/json': infer Body } };
  }
    ? Body
    : never;

/** The query parameters of `M P`. */
export type Query<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;

/** What can be quoted and executed: each `POST /v1/orcamento/{x}` with its `POST /v1/consultas/{x}` (batches too). */
export type Orderable =
  Extract<PathWith<'post'>, `/v1/orcamento/${string}`> extends `/v1/orcamento/${infer X}` ? X : never;
/** The three products (contract 1.2). */
export type Product = Exclude<Orderable, `${string}/${string}`>;
/** The batch forms (`pesquisa-previa-bens/nacional`, `.../lote`), each answered by `GET /v1/lotes/{lote}`. */
export type Batch = Extract<Orderable, `${string}/${string}`>;

type QuotePath<F extends Orderable> = Extract<`/v1/orcamento/${F}`, keyof paths>;
type ExecutePath<F extends Orderable> = Extract<`/v1/consultas/${F}`, keyof paths>;

export type QuoteBody<F extends Orderable> = RequestBody<QuotePath<F>, 'post'>;
/** A quote: `code` 200 (quoted) or 602 (not offered, free); narrow by `code`. */
export type QuoteAnswer<F extends Orderable> = Answer<QuotePath<F>, 'post', 200>;
export type ExecuteBody<F extends Orderable> = RequestBody<ExecutePath<F>, 'post'>;
/** An acceptance (`code` 202): debited; `data[0]` has the protocolo (or the lote and its orders). */
export type Accepted<F extends Orderable> = Answer<ExecutePath<F>, 'post', 202>;
/** An execution refused as not offered (`code` 602, nothing charged). */
export type NotOfferedAnswer<F extends Orderable> = Answer<ExecutePath<F>, 'post', 200>;

/** A finished order: the result in `code` (contract 7.3), `data[0]` the product's result told apart by `fonte`. */
export type Finished = Answer<'/v1/consultas/{protocolo}', 'get', 200>;
/** An order still running: `data[0].consultar_daqui_s` seconds to wait. */
export type Running = Answer<'/v1/consultas/{protocolo}', 'get', 202>;
export type FinishedItem = Finished['data'][number];
export type RunningItem = Running['data'][number];

/** A batch's combined view: `code` 200 once no order is pending, 202 before. */
export type LoteAnswer = Answer<'/v1/lotes/{lote}', 'get', 200> | Answer<'/v1/lotes/{lote}', 'get', 202>;
export type LoteDone = Answer<'/v1/lotes/{lote}', 'get', 200>;

export type TokenAnswer = Answer<'/v1/token', 'get', 200>;
export type SaldoAnswer = Answer<'/v1/saldo', 'get', 200>;
export type StatusAnswer = Answer<'/v1/status', 'get', 200>;
/** One page of the account's orders: `data[0].consultas` and `data[0].proximo_cursor`. */
export type ConsultasAnswer = Answer<'/v1/consultas', 'get', 200>;
export type ConsultasQuery = NonNullable<Query<'/v1/consultas', 'get'>>;
export type ConsultaListItem = ConsultasAnswer['data'][number]['consultas'][number];
export type ExtratoMensalQuery = NonNullable<Query<'/v1/extrato/mensal/{mes}', 'get'>>;

export type WebhookEndpointBody = RequestBody<'/v1/webhooks', 'post'>;
export type WebhookEndpointPatch = RequestBody<'/v1/webhooks/{id}', 'patch'>;
/** A registration: `data[0]` has the endpoint and, this once, its signing secret. */
export type WebhookCreated = Answer<'/v1/webhooks', 'post', 201>;
export type WebhookList = Answer<'/v1/webhooks', 'get', 200>;
export type WebhookAnswer = Answer<'/v1/webhooks/{id}', 'get', 200>;
export type WebhookUpdated = Answer<'/v1/webhooks/{id}', 'patch', 200>;
export type WebhookDeleted = Answer<'/v1/webhooks/{id}', 'delete', 200>;
export type WebhookDeliveries = Answer<'/v1/webhooks/{id}/entregas', 'get', 200>;
export type WebhookTestQueued = Answer<'/v1/webhooks/{id}/testar', 'post', 202>;
export type WebhookRedeliveryQueued = Answer<'/v1/webhooks/{id}/entregas/{entrega}/reenviar', 'post', 202>;
export type ExtratoAnswer = Answer<'/v1/extrato', 'get', 200>;
/** The body of a watch and of its quote: `tipo`, `frequencia`, `referencia`, `pedido` (the product's execution body). */
export type MonitoramentoBody = RequestBody<'/v1/monitoramentos', 'post'>;
/** A watch's quote: `code` 200 with `preco` (per run, runs in 30 days, the projected month), or 602 (not offered). */
export type MonitoramentoOrcamento = Answer<'/v1/monitoramentos/orcamento', 'post', 200>;
/** A creation (`code` 201): `data[0]` is the watch with `preco` and `proxima_execucao_em`. */
export type MonitoramentoCriado = Answer<'/v1/monitoramentos', 'post', 201>;
/** One page of the account's watches: `data[0].monitoramentos` and `data[0].proximo_cursor`. */
export type MonitoramentosAnswer = Answer<'/v1/monitoramentos', 'get', 200>;
export type MonitoramentosQuery = NonNullable<Query<'/v1/monitoramentos', 'get'>>;
export type Monitoramento = MonitoramentosAnswer['data'][number]['monitoramentos'][number];
/** One watch as it is (read, paused, resumed or removed). */
export type MonitoramentoAnswer = Answer<'/v1/monitoramentos/{id}', 'get', 200>;
/** One page of a watch's history, newest planned first: `data[0].execucoes` and `data[0].proximo_cursor`. */
export type ExecucoesAnswer = Answer<'/v1/monitoramentos/{id}/execucoes', 'get', 200>;
export type ExecucoesQuery = NonNullable<Query<'/v1/monitoramentos/{id}/execucoes', 'get'>>;
export type ExecucaoMonitoramento = ExecucoesAnswer['data'][number]['execucoes'][number];

export type ExtratoQuery = NonNullable<Query<'/v1/extrato', 'get'>>;

/** What every answer has (contract 2.1), whatever the endpoint. */
export type Envelope = components['schemas']['Envelope'];
export type FieldError = components['schemas']['FieldError'];
