import { reaisNumber } from '@regapi/br';
import { sendEnvelope } from '@regapi/http';
import { balanceAlert, type Db, reservedInUnsettledOrders } from '@regapi/ledger';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';

/**
 * `GET /v1/saldo` (issue 17): the caller's OWN balance, its low-balance threshold (decision 0077) and what is reserved in
 * orders not yet settled (decision 0091). Any valid token; free; never reaches the origin.
 */
export function saldoRouter(guards: readonly RequestHandler[], db: Db): Router {
  const router = Router();
  router.get('/v1/saldo', ...guards, async (_req, res) => {
    const { accountId } = authOf(res);
    const [alert, reserved] = await Promise.all([
      balanceAlert(db, accountId),
      reservedInUnsettledOrders(db, accountId),
    ]);
    // Unreachable: a token is only valid while its account exists (accounts are never deleted).
    if (alert === undefined) throw new Error(`the account ${accountId} of a valid token is missing`);
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: 'Saldo da conta do token.',
      billable: false,
      priceCentavos: 0,
      data: [
        {
          saldo: reaisNumber(alert.balanceCentavos),
          limite_saldo_baixo: alert.thresholdCentavos === null ? null : reaisNumber(alert.thresholdCentavos),
          saldo_baixo: alert.low,
          reservado: reaisNumber(reserved.centavos),
          pedidos_nao_liquidados: reserved.orders,
        },
      ],
    });
  });
  return router;
}
