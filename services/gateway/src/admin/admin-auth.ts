import { createHash } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import { clientAddressKey, contextOf, HttpError } from '@regapi/http';
import type { Db } from '@regapi/ledger';
import type { Request, RequestHandler } from 'express';
import { carriesTokenInQuery } from '../auth/bearer';
import { sameSecret } from '../auth/same-secret';
import { UnauthorizedError } from '../auth/token-errors';
import { type AdminIdentity, clientAddressOf, recordAdminAct } from './admin-audit';
import { invalidField } from './admin-errors';
import type { AdminThrottle } from './admin-throttle';
import { isOperatorName, OPERATOR_HEADER } from './operator-name';

export const ADMIN_REALM = 'regapi-admin';

/** 429 for an address locked after failed admin authentications (decision 0054), with Retry-After. */
export class AdminThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'Tentativas demais com credencial de administração inválida a partir deste endereço. Aguarde o tempo indicado em Retry-After.',
      [],
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

export interface AdminAuthOptions {
  readonly adminToken: string;
  readonly throttle: AdminThrottle;
  readonly db: Db;
  readonly clock: Clock;
}

export interface AdminAuth {
  readonly middleware: RequestHandler;
  /** Who sent a request the middleware let through. */
  identityOf(req: Request<Record<string, string>>): AdminIdentity;
}

/**
 * The admin API (`/admin/v1`, the ops CLI's) takes `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time
 * (docs/decisions/0019). Anything else is the 401 envelope, like the public API's; the query string is refused too.
 * Refusals are throttled per client address and audited (docs/decisions/0054); a valid `X-Operator` names the person.
 */
export function adminAuth(options: AdminAuthOptions): AdminAuth {
  const { throttle } = options;
  // Which credential, without the credential: a rotation shows in the audit as a new fingerprint.
  const credential = `admin-token:${createHash('sha256').update(options.adminToken, 'utf8').digest('hex').slice(0, 12)}`;
  const identities = new WeakMap<object, AdminIdentity>();

  const middleware: RequestHandler = async (req, res, next) => {
    const address = clientAddressOf(req);
    // Throttled by the same key as the public API's refused credentials: an IPv6 host by its /64 (decision 0055).
    const throttleKey = clientAddressKey(req);
    const lockedMs = throttle.lockedForMs(throttleKey);
    if (lockedMs > 0) throw new AdminThrottledError(Math.ceil(lockedMs / 1000));
    const declared = req.get(OPERATOR_HEADER)?.trim();
    const operator = declared !== undefined && declared !== '' && isOperatorName(declared) ? declared : null;
    const refusal = refusalOf(req, options.adminToken);
    if (refusal !== undefined) {
      const lockMs = throttle.failed(throttleKey);
      if (lockMs > 0) contextOf(res).logger.warn({ client_address: address, lock_ms: lockMs }, 'admin address locked');
      await recordAdminAct(options.db, options.clock, res, {
        credential: null,
        operator,
        action: 'auth.refused',
        clientAddress: address,
        params: { reason: refusal.refusal },
        body: undefined,
        outcome: 401,
      }).catch((error: unknown) => contextOf(res).logger.error({ err: error }, 'admin audit row not recorded'));
      throw refusal;
    }
    throttle.succeeded(throttleKey);
    if (declared !== undefined && declared !== '' && operator === null) {
      throw invalidField(
        OPERATOR_HEADER,
        'operator',
        'Nome de operador inválido: letras, dígitos e . _ @ + - (até 64, começando por letra ou dígito).',
      );
    }
    identities.set(req, { credential, operator });
    next();
  };
  return { middleware, identityOf: (req) => identities.get(req) ?? { credential, operator: null } };
}

function refusalOf(req: Request, adminToken: string): UnauthorizedError | undefined {
  if (carriesTokenInQuery(req.originalUrl)) return new UnauthorizedError('in_query_string', ADMIN_REALM);
  const authorization = req.get('authorization');
  if (authorization === undefined || authorization.trim() === '') return new UnauthorizedError('missing', ADMIN_REALM);
  const given = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  if (given === undefined || !sameSecret(given, adminToken)) {
    return new UnauthorizedError('admin_token_invalid', ADMIN_REALM);
  }
  return undefined;
}
