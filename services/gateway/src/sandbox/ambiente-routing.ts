import type { ServerResponse } from 'node:http';
import type { Ambiente } from '@regapi/contracts';
import { HttpError, passGuards, type RequestGuard } from '@regapi/http';
import type { RequestHandler } from 'express';
import { authOf } from '../auth/auth-context';

/** 503: a `teste` token on a gateway deployed without a sandbox. */
export class SandboxUnavailableError extends HttpError {
  constructor() {
    super(503, 'O ambiente de teste (sandbox) não está disponível nesta instalação. Use um token de produção.');
  }
}

/**
 * Runs `guards` once per request however many routes it passes through: a `teste` request passes the production
 * route of its path first and is handed on to the sandbox's route for the same path (docs/decisions/0099), and its
 * token must be checked, and the account's allowance spent, once.
 */
export function guardsOnce(guards: readonly RequestGuard[]): RequestGuard {
  const passed = new WeakSet<ServerResponse>();
  return {
    async check(req, res) {
      if (passed.has(res)) return;
      await passGuards(guards, req, res);
      passed.add(res);
    },
  };
}

/**
 * After the guards: the route serves tokens of `ambiente` only. A token of the other one goes on to the next route of
 * the same path (express's `next('route')`) — the other stack's — or, when `otherStackServed` is false, is refused
 * with a 503.
 */
export function servesAmbiente(ambiente: Ambiente, otherStackServed: boolean): RequestHandler {
  return (_req, res, next) => {
    if (authOf(res).ambiente === ambiente) next();
    else if (otherStackServed) next('route');
    else next(new SandboxUnavailableError());
  };
}
