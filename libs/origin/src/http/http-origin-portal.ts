import { parseCpfCnpj } from '@regapi/br';
import type { ValidateFunction } from 'ajv';
import type { CallOptions } from '../call-options';
import type { OriginPortal } from '../origin-portal';
import { type OriginFailure, searchAnswer } from '../outcomes';
import type { Finalidade, PropertyRef } from '../property';
import { classifyFailure } from './classify-failure';
import { downloadOriginDocument } from './document-download';
import { type NamedFailureKind, restrictFailure } from './named-failure';
import { type FetchLike, type HttpAnswer, type HttpRequest, isHttpAnswer, sendRequest } from './send-request';
import { sessionCookieFrom } from './session-cookie';
import { ORIGIN_PATHS, SESSION_COOKIE, type WirePropertyRequest, type WireSearchRequest } from './wire';
import { wireValidators } from './wire-schemas';
import {
  ProtocolViolation,
  toCatalog,
  toCertificateAccepted,
  toCertificateState,
  toOrderSummary,
  toRecordView,
  toSearch,
  toTariffs,
} from './wire-to-domain';

export interface HttpOriginPortalOptions {
  /** Root of the portal, e.g. `http://127.0.0.1:8090`. */
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
  /**
   * A ceiling over every caller's timeout, in ms. Default 540000: the longest any product may wait (contract 8).
   * Each call still takes its own, usually shorter, timeout.
   */
  readonly timeoutMs?: number;
  /** Injected for tests; default the global fetch. */
  readonly fetch?: FetchLike;
}

const DEFAULT_CEILING_MS = 540_000;
/** What the origin may refuse a record view or a certificate with, beyond the failures of any call. */
const PROPERTY_ORDER_FAILURES = [
  'nothing-found',
  'cannot-issue-online',
  'office-unavailable',
  'repeated-order',
  'data-refused',
  'data-changed',
] as const;
/** contract 2.3: `finalidade` 2 is the default declaration; 3 is sent only when the caller gave it explicitly. */
const DEFAULT_FINALIDADE: Finalidade = 2;

/**
 * The HTTP driver of the port, speaking the portal protocol of `wire.ts`. It holds the account's session cookie
 * from `login()` and sends it on every call; it never logs in by itself: a lost session is reported as
 * `session-lost` so origin-session decides (it may have a newer session to protect).
 */
export function createHttpOriginPortal(options: HttpOriginPortalOptions): OriginPortal {
  const base = new URL(options.baseUrl);
  const ceilingMs = options.timeoutMs ?? DEFAULT_CEILING_MS;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  let sessionCookie: string | undefined;

  const url = (path: string, query?: Record<string, string>): string => {
    const target = new URL(path, base);
    for (const [key, value] of Object.entries(query ?? {})) target.searchParams.set(key, value);
    return target.toString();
  };

  const bounded = (call: CallOptions): CallOptions => ({
    timeoutMs: Math.min(call.timeoutMs, ceilingMs),
    ...(call.signal ? { signal: call.signal } : {}),
  });

  const send = (request: HttpRequest, call: CallOptions, withSession = true) => {
    const headers: Record<string, string> = { ...request.headers };
    if (withSession && sessionCookie) headers.cookie = `${SESSION_COOKIE}=${sessionCookie}`;
    return sendRequest(fetchImpl, { ...request, headers }, bounded(call));
  };

  /**
   * Runs one exchange: a 2xx body goes to `onSuccess` (validated there), anything else is classified and narrowed to
   * the failures this operation can meet. A mapping that finds the answer inconsistent yields `protocol-error`.
   */
  async function exchange<T, K extends NamedFailureKind>(
    request: HttpRequest,
    call: CallOptions,
    allowed: readonly K[],
    onSuccess: (answer: HttpAnswer) => T | OriginFailure,
  ) {
    const answer = await send(request, call);
    if (!isHttpAnswer(answer)) return answer;
    if (answer.status < 200 || answer.status > 299) return restrictFailure(classifyFailure(answer), allowed);
    try {
      return onSuccess(answer);
    } catch (error) {
      if (error instanceof ProtocolViolation) return { kind: 'protocol-error' as const, detail: error.message };
      throw error;
    }
  }

  function validated<T>(answer: HttpAnswer, validator: () => ValidateFunction<T>, what: string): T {
    const validate = validator();
    const json = answer.json();
    if (!json.ok) throw new ProtocolViolation(`${what}: the answer is not JSON`);
    if (!validate(json.value)) throw new ProtocolViolation(`${what}: ${describeAjvErrors(validate)}`);
    return json.value;
  }

  function propertyBody(property: PropertyRef, finalidade?: Finalidade): WirePropertyRequest {
    return {
      matricula: property.matricula,
      cartorio: property.cartorioNumero,
      municipio: property.cartorioMunicipio,
      uf: property.cartorioUf,
      ...(finalidade === undefined ? {} : { finalidade }),
    };
  }

  return {
    async login(call) {
      const answer = await send(
        {
          method: 'POST',
          url: url(ORIGIN_PATHS.session),
          body: { usuario: options.username, senha: options.password },
        },
        call,
        false,
      );
      if (!isHttpAnswer(answer)) return answer;
      if (answer.status < 200 || answer.status > 299) {
        return restrictFailure(classifyFailure(answer), ['credentials-refused']);
      }
      try {
        const body = validated(answer, wireValidators.login, 'login');
        const cookie = sessionCookieFrom(answer.headers);
        if (!cookie) return { kind: 'protocol-error', detail: 'login succeeded without a session cookie' };
        sessionCookie = cookie;
        return { kind: 'logged-in', expiresAt: body.expira_em };
      } catch (error) {
        if (error instanceof ProtocolViolation) return { kind: 'protocol-error', detail: error.message };
        throw error;
      }
    },

    async searchProperties(query, call) {
      const document = parseCpfCnpj(query.cpfCnpj);
      if (!document.ok) throw new RangeError(`searchProperties needs a valid CPF or CNPJ (${document.reason})`);
      const body: WireSearchRequest = {
        documento: document.value,
        uf: query.uf,
        finalidade: query.finalidade ?? DEFAULT_FINALIDADE,
        ...(query.nome === undefined ? {} : { nome: query.nome }),
      };
      return exchange(
        { method: 'POST', url: url(ORIGIN_PATHS.searches), body },
        call,
        ['data-refused', 'data-changed', 'receipt-error'],
        (answer) => {
          return searchAnswer(toSearch(validated(answer, wireValidators.search, 'search')));
        },
      );
    },

    async orderRecordView(property, finalidade, call) {
      return exchange(
        { method: 'POST', url: url(ORIGIN_PATHS.recordViews), body: propertyBody(property, finalidade) },
        call,
        PROPERTY_ORDER_FAILURES,
        (answer) => ({
          kind: 'delivered' as const,
          view: toRecordView(validated(answer, wireValidators.recordView, 'record view')),
        }),
      );
    },

    async orderCertificate(property, call) {
      return exchange(
        { method: 'POST', url: url(ORIGIN_PATHS.certificates), body: propertyBody(property) },
        call,
        PROPERTY_ORDER_FAILURES,
        (answer) => {
          const wire = validated(answer, wireValidators.certificateOrder, 'certificate order');
          if (wire.situacao === 'ACEITO_SEM_PROTOCOLO') {
            return { kind: 'accepted-without-protocol' as const, message: wire.mensagem };
          }
          if (wire.numero_pedido === null || wire.previsao_entrega_em === null) {
            throw new ProtocolViolation('certificate accepted without protocol or forecast but not marked so');
          }
          return {
            kind: 'accepted' as const,
            certificate: toCertificateAccepted(
              wire.numero_pedido,
              wire.previsao_entrega_em,
              wire.valor,
              wire.aceito_em,
            ),
          };
        },
      );
    },

    async checkOrder(numeroPedido, call) {
      return exchange(
        { method: 'GET', url: url(`${ORIGIN_PATHS.orders}/${encodeURIComponent(numeroPedido)}`) },
        call,
        ['order-not-found'],
        (answer) => {
          const wire = validated(answer, wireValidators.orderDetail, 'order');
          switch (wire.produto) {
            case 'PESQUISA_PREVIA':
              return searchAnswer(toSearch(wire.pesquisa));
            case 'VISUALIZACAO':
              if (wire.situacao === 'EM_ANDAMENTO') {
                return { kind: 'record-view-in-progress' as const, numeroPedido: wire.numero_pedido };
              }
              if (!wire.visualizacao)
                throw new ProtocolViolation(`record view ${wire.numero_pedido} delivered without content`);
              return { kind: 'delivered' as const, view: toRecordView(wire.visualizacao) };
            case 'CERTIDAO':
              return toCertificateState(wire.certidao);
          }
        },
      );
    },

    async listOrders(since, call) {
      return exchange(
        { method: 'GET', url: url(ORIGIN_PATHS.orders, { desde: since.toISOString() }) },
        call,
        [],
        (answer) => ({
          kind: 'orders' as const,
          orders: validated(answer, wireValidators.orderList, 'order list').pedidos.map(toOrderSummary),
        }),
      );
    },

    async downloadDocument(documentUrl, call) {
      // Document links are signed by the portal and need no session; the cookie never leaves for another host.
      return downloadOriginDocument(fetchImpl, documentUrl, bounded(call), base);
    },

    async fetchCatalog(call) {
      return exchange({ method: 'GET', url: url(ORIGIN_PATHS.offices) }, call, [], (answer) => ({
        kind: 'catalog' as const,
        catalog: toCatalog(validated(answer, wireValidators.catalog, 'catalog')),
      }));
    },

    async fetchTariffs(call) {
      return exchange({ method: 'GET', url: url(ORIGIN_PATHS.tariffs) }, call, [], (answer) => ({
        kind: 'tariffs' as const,
        tariffs: toTariffs(validated(answer, wireValidators.tariffs, 'tariffs')),
      }));
    },
  };
}

function describeAjvErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('; ');
}
