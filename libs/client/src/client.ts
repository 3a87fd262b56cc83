import { randomUUID } from 'node:crypto';
import { type DownloadedDocument, type DownloadOptions, downloadDocument, downloadFile } from './document';
import { NotOfferedError, RETRY_STATUSES, resultError, WaitTimeoutError } from './errors';
import { type Incoming, type Outgoing, send, type TransportSettings } from './http';
import { Monitoramentos } from './monitoramentos';
import { type WaitOptions, waitFor } from './polling';
import { DEFAULT_RETRY, type RetryEvent, type RetryPolicy, sleep } from './retry';
import type {
  Accepted,
  Answer,
  ConsultaListItem,
  ConsultasAnswer,
  ConsultasQuery,
  ExecuteBody,
  ExtratoAnswer,
  ExtratoMensalQuery,
  ExtratoQuery,
  Finished,
  LoteAnswer,
  LoteDone,
  Method,
  Orderable,
  PathWith,
  paths,
  QuoteAnswer,
  QuoteBody,
  RequestBody,
  Running,
  SaldoAnswer,
  StatusAnswer,
  TokenAnswer,
} from './types';
import { WebhookEndpoints } from './webhook-endpoints';

export interface RegapiClientOptions {
  /** The API's address, e.g. `https://api.example.com` (the `/v1` paths are appended). */
  readonly baseUrl: string | URL;
  readonly token: string;
  readonly retry?: Partial<RetryPolicy>;
  /** Per attempt; a request without a complete answer within it is resent (with the same key). Default 60 s. */
  readonly timeoutMs?: number;
  /** Told before every retry (for logs and metrics). */
  readonly onRetry?: (event: RetryEvent) => void;
  /** Default: the global fetch (Node 20). */
  readonly fetch?: typeof fetch;
  readonly userAgent?: string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface ExecuteOptions extends CallOptions {
  /**
   * The order's key. Default: a new UUID, minted once for this call and kept across its retries. Pass your own (see
   * `newIdempotencyKey`) to store it with your order BEFORE sending, so a crash or a RegapiNetworkError can be
   * followed by a resend with the SAME key (contract 4: never a new key after a timeout).
   */
  readonly idempotencyKey?: string;
}

/** A new Idempotency-Key (a random UUID): one per NEW order, never a CPF/CNPJ. */
export function newIdempotencyKey(): string {
  return randomUUID();
}

type PathParams<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends {
    parameters: { path: infer Params };
  }
    ? Params
    : never;

/** `/v1/consultas/{protocolo}` with `{ protocolo: '123' }` → `/v1/consultas/123`. */
function fill(template: string, params: Readonly<Record<string, string>> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${template}: faltou o parâmetro ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The regapi API, typed by its OpenAPI document. Every method returns the envelope as documented (narrow by `code`,
 * and by `fonte` in a result) or throws a RegapiError (errors.ts) saying what became of the money and how to retry.
 */
export class RegapiClient {
  private readonly settings: TransportSettings;
  /** The account's webhook endpoints: create, list, get, update, delete, deliveries, test, redeliver. */
  readonly webhooks: WebhookEndpoints;
  /** The account's watches: quote, create (with a key), list, read, pause, resume, remove, and each one's history. */
  readonly monitoramentos: Monitoramentos;

  constructor(options: RegapiClientOptions) {
    this.settings = {
      baseUrl: new URL(options.baseUrl),
      token: options.token,
      fetch: options.fetch ?? fetch,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      timeoutMs: options.timeoutMs ?? 60_000,
      userAgent: options.userAgent ?? '@regapi/client',
      onRetry: options.onRetry,
    };
    this.webhooks = new WebhookEndpoints((outgoing) => this.send(outgoing));
    this.monitoramentos = new Monitoramentos((outgoing) => this.send(outgoing));
  }

  /** A client from `REGAPI_URL` and `REGAPI_TOKEN`. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env, options: Partial<RegapiClientOptions> = {}): RegapiClient {
    const { REGAPI_URL: baseUrl, REGAPI_TOKEN: token } = env;
    if (baseUrl === undefined || baseUrl === '') throw new TypeError('REGAPI_URL não definida');
    if (token === undefined || token === '') throw new TypeError('REGAPI_TOKEN não definida');
    return new RegapiClient({ ...options, baseUrl, token });
  }

  /** Any GET of the document, typed by its path: `get('/v1/lotes/{lote}', { path: { lote } })`. */
  async get<P extends PathWith<'get'>>(
    path: P,
    init: {
      readonly path?: PathParams<P, 'get'>;
      readonly query?: Readonly<Record<string, string | number | undefined>>;
    } & CallOptions = {},
  ): Promise<Answer<P, 'get', 200> | Answer<P, 'get', 202>> {
    const incoming = await this.send({
      method: 'GET',
      path: fill(path, init.path as Readonly<Record<string, string>> | undefined),
      ...(init.query === undefined ? {} : { query: init.query }),
      signal: init.signal,
    });
    return incoming.envelope as Answer<P, 'get', 200> | Answer<P, 'get', 202>;
  }

  /**
   * Any operation of the document, typed by its path and method: `call('patch', '/v1/webhooks/{id}', { path: { id },
   * body: { ativo: false } })`. A POST is resent after an attempt without an answer only with an `idempotencyKey`
   * (give one for a paid execution; `execute` does it for you). Resolves with the 2xx envelope; throws a RegapiError.
   */
  async call<M extends Method, P extends PathWith<M>>(
    method: M,
    path: P,
    init: {
      readonly path?: PathParams<P, M>;
      readonly query?: Readonly<Record<string, string | number | undefined>>;
      readonly body?: RequestBody<P, M>;
      readonly idempotencyKey?: string;
    } & CallOptions = {},
  ): Promise<Answer<P, M, 200> | Answer<P, M, 201> | Answer<P, M, 202>> {
    const incoming = await this.send({
      method: method.toUpperCase() as Outgoing['method'],
      path: fill(path, init.path as Readonly<Record<string, string>> | undefined),
      ...(init.query === undefined ? {} : { query: init.query }),
      ...(init.body === undefined ? {} : { body: init.body }),
      ...(init.idempotencyKey === undefined ? {} : { idempotencyKey: init.idempotencyKey }),
      signal: init.signal,
    });
    return incoming.envelope as Answer<P, M, 200> | Answer<P, M, 201> | Answer<P, M, 202>;
  }

  /** `GET /v1/token`: the token's account, scopes and expiry. Free. */
  async token(options: CallOptions = {}): Promise<TokenAnswer> {
    return (await this.send({ method: 'GET', path: '/v1/token', signal: options.signal })).envelope as TokenAnswer;
  }

  /** `GET /v1/extrato`: the account's statement (`de`, `ate` as `AAAA-MM-DD`). Free. */
  async extrato(query: ExtratoQuery = {}, options: CallOptions = {}): Promise<ExtratoAnswer> {
    const incoming = await this.send({ method: 'GET', path: '/v1/extrato', query, signal: options.signal });
    return incoming.envelope as ExtratoAnswer;
  }

  /**
   * `GET /v1/extrato` as CSV (`dialeto: 'pt-BR'` for a spreadsheet in Portuguese: `;`, decimal comma, a byte order
   * mark; decision 0144). Free.
   */
  extratoCsv(query: ExtratoQuery = {}, options: DownloadOptions = {}): Promise<DownloadedDocument> {
    return downloadFile(this.settings, { path: '/v1/extrato', query, accept: 'text/csv', label: 'extrato' }, options);
  }

  /**
   * `GET /v1/extrato/mensal/{mes}`: a closed month's statement, the bytes stored at its close (PDF by default,
   * `formato: 'csv'`, `dialeto: 'pt-BR'`), checked against its SHA-256 ETag. Free.
   */
  extratoMensal(
    mes: string,
    query: ExtratoMensalQuery = {},
    options: DownloadOptions = {},
  ): Promise<DownloadedDocument> {
    const path = fill('/v1/extrato/mensal/{mes}', { mes });
    const accept = query.formato === 'csv' ? 'text/csv' : 'application/pdf';
    // Its 409 (the month not closed yet) lasts until the close, at the start of the next month: thrown at once,
    // not resent for seconds like a 409 of a key still being accepted.
    const retryStatuses = new Set([...RETRY_STATUSES].filter((status) => status !== 409));
    return downloadFile(this.settings, { path, query, accept, label: `extrato ${mes}`, retryStatuses }, options);
  }

  /** `GET /v1/saldo`: the balance now, the low-balance threshold, what is reserved by unsettled orders. Free. */
  async saldo(options: CallOptions = {}): Promise<SaldoAnswer> {
    return (await this.send({ method: 'GET', path: '/v1/saldo', signal: options.signal })).envelope as SaldoAnswer;
  }

  /** `GET /v1/status`: each product in service or not, and the wait an order accepted now would get. Free. */
  async status(options: CallOptions = {}): Promise<StatusAnswer> {
    return (await this.send({ method: 'GET', path: '/v1/status', signal: options.signal })).envelope as StatusAnswer;
  }

  /**
   * `GET /v1/consultas`: one page of the account's orders, newest accepted first (`cursor` for the next);
   * `monitoramento` lists the runs of one watch. Free.
   */
  async consultas(query: ConsultasQuery = {}, options: CallOptions = {}): Promise<ConsultasAnswer> {
    const incoming = await this.send({ method: 'GET', path: '/v1/consultas', query, signal: options.signal });
    return incoming.envelope as ConsultasAnswer;
  }

  /** Every order the query lists, page after page (`for await (const order of client.todasConsultas({...}))`). */
  async *todasConsultas(query: Omit<ConsultasQuery, 'cursor'> = {}, options: CallOptions = {}) {
    let cursor: string | undefined;
    do {
      const page = await this.consultas({ ...query, ...(cursor === undefined ? {} : { cursor }) }, options);
      const item = page.data[0];
      yield* (item?.consultas ?? []) as ConsultaListItem[];
      cursor = item?.proximo_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** `POST /v1/orcamento/{product}`: the price (`code` 200) or not offered (`code` 602). Free. */
  async quote<F extends Orderable>(product: F, body: QuoteBody<F>, options: CallOptions = {}): Promise<QuoteAnswer<F>> {
    const incoming = await this.send({
      method: 'POST',
      path: `/v1/orcamento/${product}`,
      body,
      signal: options.signal,
    });
    return incoming.envelope as QuoteAnswer<F>;
  }

  /**
   * `POST /v1/consultas/{product}` (paid): ONE Idempotency-Key for this order, kept across every retry (no answer,
   * timeout, 408, 409, 429, 5xx), so the order is accepted and debited once. A 602 (not offered, free) is a
   * NotOfferedError; when every attempt fails, the error carries `idempotencyKey`: resend with it.
   */
  async execute<F extends Orderable>(
    product: F,
    body: ExecuteBody<F>,
    options: ExecuteOptions = {},
  ): Promise<Accepted<F>> {
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
    const incoming = await this.send({
      method: 'POST',
      path: `/v1/consultas/${product}`,
      body,
      idempotencyKey,
      signal: options.signal,
    });
    if (incoming.envelope.code === 602) throw new NotOfferedError(incoming.envelope, idempotencyKey);
    return incoming.envelope as Accepted<F>;
  }

  /** `GET /v1/consultas/{protocolo}`: `code` 202 while running, else the finished result. Free; stored state only. */
  async result(protocolo: string, options: CallOptions = {}): Promise<Finished | Running> {
    const incoming = await this.send({
      method: 'GET',
      path: fill('/v1/consultas/{protocolo}', { protocolo }),
      signal: options.signal,
    });
    return incoming.envelope as Finished | Running;
  }

  /**
   * Polls the order as the API asks (after each `consultar_daqui_s`) until it is finished and its money settled.
   * Resolves with a `sucesso`, `nao_encontrado` or `indeterminado` result; throws a ResultError for the failure
   * classes (refunded? retry?). A provisional search (`provisorio` true) resolves at once unless `untilFinal`:
   * see `nextRevisionInS` and the `revisao` field.
   */
  async waitForResult(protocolo: string, options: WaitOptions = {}): Promise<Finished> {
    const finished = await waitFor(protocolo, (signal) => this.result(protocolo, signal ? { signal } : {}), options);
    const failure = resultError(protocolo, finished);
    if (failure !== undefined) throw failure;
    return finished;
  }

  /** `GET /v1/consultas/{protocolo}/documento`, whole, resumed if cut, checked against its SHA-256 ETag. */
  downloadDocument(protocolo: string, options: DownloadOptions = {}): Promise<DownloadedDocument> {
    return downloadDocument(this.settings, protocolo, options);
  }

  /** `GET /v1/lotes/{lote}`: a batch's combined view. Free. */
  async lote(lote: string, options: CallOptions = {}): Promise<LoteAnswer> {
    const incoming = await this.send({
      method: 'GET',
      path: fill('/v1/lotes/{lote}', { lote }),
      signal: options.signal,
    });
    return incoming.envelope as LoteAnswer;
  }

  /** Polls a batch (after each `consultar_daqui_s`) until no order of it is pending. */
  async waitForLote(lote: string, options: Omit<WaitOptions, 'untilFinal'> = {}): Promise<LoteDone> {
    const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
    for (;;) {
      const answer = await this.lote(lote, options.signal ? { signal: options.signal } : {});
      if (answer.code === 200) return answer;
      const seconds = answer.data[0]?.consultar_daqui_s ?? 5;
      const waitMs = Math.min(
        options.maxIntervalMs ?? 900_000,
        Math.max(options.minIntervalMs ?? 1000, seconds * 1000),
      );
      if (deadline !== undefined && Date.now() + waitMs > deadline) throw new WaitTimeoutError(lote);
      await sleep(waitMs, options.signal);
    }
  }

  private send(outgoing: Outgoing): Promise<Incoming> {
    return send(this.settings, outgoing);
  }
}
