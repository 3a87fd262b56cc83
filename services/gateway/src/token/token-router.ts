import { sendEnvelope } from '@regapi/http';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';

/**
 * `GET /v1/token` (contract 4, 5.5): verifies the token without a paid call. Never charged, never reaches the origin: it
 * answers from the verified token and its row. `data[0]` names per contract 4: `conta`, `token_id`, `escopos`,
 * `expira_em`; and `ambiente`, `producao` or `teste` (docs/decisions/0099).
 */
export function tokenRouter(guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.get('/v1/token', ...guards, (_req, res) => {
    const caller = authOf(res);
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: 'Token válido.',
      billable: false,
      priceCentavos: 0,
      data: [
        {
          conta: caller.accountId,
          token_id: caller.tokenId,
          escopos: [...caller.scopes],
          expira_em: caller.expiresAt.toISOString(),
          ambiente: caller.ambiente,
        },
      ],
    });
  });
  return router;
}
