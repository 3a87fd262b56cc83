import { type Fonte, scopeOf } from '@regapi/contracts';
import type { RequestHandler } from 'express';
import { authOf } from './auth-context';
import { InsufficientScopeError } from './token-errors';

/**
 * Contract 4 execution rule 5 and contract 5.4: the quote and execution routes of `fonte` need the scope `consultas:{fonte}`,
 * else 403. Mount after `authenticate`:
 * `router.post('/v1/consultas/:fonte', auth, requireScope('pesquisa-previa-bens'), handler)`.
 */
export function requireScope(fonte: Fonte): RequestHandler {
  const scope = scopeOf(fonte);
  return (_req, res, next) => {
    if (!authOf(res).scopes.includes(scope)) throw new InsufficientScopeError(scope);
    next();
  };
}
