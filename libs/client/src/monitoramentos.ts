// `client.monitoramentos`: the account's watches (`/v1/monitoramentos`, issue 30; decisions 0160, 0161, 0166). Free:
// each run is an ordinary paid order of its product, listed by `client.consultas({ monitoramento: id })`.
import { randomUUID } from 'node:crypto';
import { NotOfferedError, RegapiHttpError, RetryLaterError } from './errors';
import type { Incoming, Outgoing } from './http';
import type {
  ExecucaoMonitoramento,
  ExecucoesAnswer,
  ExecucoesQuery,
  Monitoramento,
  MonitoramentoAnswer,
  MonitoramentoBody,
  MonitoramentoCriado,
  MonitoramentoOrcamento,
  MonitoramentosAnswer,
  MonitoramentosQuery,
} from './types';

export interface MonitoramentoCallOptions {
  readonly signal?: AbortSignal;
}

export interface CriarMonitoramentoOptions extends MonitoramentoCallOptions {
  /**
   * The creation's key. Default: a new UUID, minted once for this call and kept across its retries. Store your own
   * (`newIdempotencyKey`) before sending to resend after a crash or a RegapiNetworkError with the SAME key: the API
   * replays the first creation, never a second watch (decision 0160).
   */
  readonly idempotencyKey?: string;
}

type Send = (outgoing: Outgoing) => Promise<Incoming>;

const one = (id: string) => `/v1/monitoramentos/${encodeURIComponent(id)}`;

export class Monitoramentos {
  constructor(private readonly send: Send) {}

  /**
   * `POST /v1/monitoramentos/orcamento`: the price of one run (`preco.por_execucao`, the product's own quote) and the
   * projected month (`preco.mensal_projetado`), `code` 200; or `code` 602 when the product does not offer the run.
   * Free, never the origin; not resent after an attempt without an answer (it has no key), which costs nothing.
   */
  async orcamento(body: MonitoramentoBody, options: MonitoramentoCallOptions = {}): Promise<MonitoramentoOrcamento> {
    const path = '/v1/monitoramentos/orcamento';
    return (await this.call({ method: 'POST', path, body }, options)) as MonitoramentoOrcamento;
  }

  /**
   * `POST /v1/monitoramentos`: creates the watch (nothing charged; each run is charged when placed). ONE
   * Idempotency-Key for this creation, kept across every retry (no answer, timeout, 409, 429, 5xx), so a retried
   * creation never makes two watches. A 602 (the run not offered: nothing created) is a NotOfferedError; when every
   * attempt fails, the error carries `idempotencyKey`: resend with it.
   */
  async criar(body: MonitoramentoBody, options: CriarMonitoramentoOptions = {}): Promise<MonitoramentoCriado> {
    // As `newIdempotencyKey` (client.ts): a random UUID per new watch.
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const envelope = await this.call({ method: 'POST', path: '/v1/monitoramentos', body, idempotencyKey }, options);
    if (envelope.code === 602) throw new NotOfferedError(envelope, idempotencyKey);
    return envelope as MonitoramentoCriado;
  }

  /** `GET /v1/monitoramentos`: one page of the account's watches, newest created first (`cursor` for the next). */
  async listar(query: MonitoramentosQuery = {}, options: MonitoramentoCallOptions = {}): Promise<MonitoramentosAnswer> {
    const envelope = await this.call({ method: 'GET', path: '/v1/monitoramentos', query }, options);
    return envelope as MonitoramentosAnswer;
  }

  /** Every watch the query lists, page after page (`for await (const watch of client.monitoramentos.todos())`). */
  async *todos(
    query: Omit<MonitoramentosQuery, 'cursor'> = {},
    options: MonitoramentoCallOptions = {},
  ): AsyncGenerator<Monitoramento> {
    let cursor: string | undefined;
    do {
      const page = (await this.listar({ ...query, ...(cursor === undefined ? {} : { cursor }) }, options)).data[0];
      yield* page?.monitoramentos ?? [];
      cursor = page?.proximo_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** `GET /v1/monitoramentos/{id}`: the watch, with `proxima_execucao_em` (null when paused or removed). */
  async obter(id: string, options: MonitoramentoCallOptions = {}): Promise<MonitoramentoAnswer> {
    return (await this.call({ method: 'GET', path: one(id) }, options)) as MonitoramentoAnswer;
  }

  /** `POST /v1/monitoramentos/{id}/pausar`: no run until resumed; pausing a paused watch answers the same. */
  pausar(id: string, options: MonitoramentoCallOptions = {}): Promise<MonitoramentoAnswer> {
    return this.change(`${one(id)}/pausar`, options);
  }

  /** `POST /v1/monitoramentos/{id}/retomar`: runs again on the same schedule, counted from `criado_em`. */
  retomar(id: string, options: MonitoramentoCallOptions = {}): Promise<MonitoramentoAnswer> {
    return this.change(`${one(id)}/retomar`, options);
  }

  /** `DELETE /v1/monitoramentos/{id}`: never runs again; the watch and its history stay readable. */
  async remover(id: string, options: MonitoramentoCallOptions = {}): Promise<MonitoramentoAnswer> {
    return (await this.call({ method: 'DELETE', path: one(id) }, options)) as MonitoramentoAnswer;
  }

  /** `GET /v1/monitoramentos/{id}/execucoes`: one page of the history, newest planned first, with each diff. */
  async execucoes(id: string, query: ExecucoesQuery = {}, options: MonitoramentoCallOptions = {}) {
    const envelope = await this.call({ method: 'GET', path: `${one(id)}/execucoes`, query }, options);
    return envelope as ExecucoesAnswer;
  }

  /** Every run of the watch's history, page after page, newest planned first. */
  async *todasExecucoes(
    id: string,
    query: Omit<ExecucoesQuery, 'cursor'> = {},
    options: MonitoramentoCallOptions = {},
  ): AsyncGenerator<ExecucaoMonitoramento> {
    let cursor: string | undefined;
    do {
      const page = (await this.execucoes(id, { ...query, ...(cursor === undefined ? {} : { cursor }) }, options))
        .data[0];
      yield* page?.execucoes ?? [];
      cursor = page?.proximo_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /**
   * Pause or resume: a POST without a key, so not resent after an attempt without an answer (http.ts; read the watch
   * to see where it stands). Its `409` says the watch was removed, for good: thrown with `retry` 'no', not as a
   * RetryLaterError.
   */
  private async change(path: string, options: MonitoramentoCallOptions): Promise<MonitoramentoAnswer> {
    try {
      return (await this.call({ method: 'POST', path }, options)) as MonitoramentoAnswer;
    } catch (error) {
      if (!(error instanceof RetryLaterError && error.status === 409)) throw error;
      throw new RegapiHttpError({ status: 409, envelope: error.envelope, retryAfterS: error.retryAfterS }, 'no');
    }
  }

  private async call(outgoing: Outgoing, options: MonitoramentoCallOptions) {
    return (await this.send({ ...outgoing, signal: options.signal })).envelope;
  }
}
