import { reaisNumber } from '@regapi/br';
import type { Clock } from '@regapi/calendar';
import { type DataItem, transportMessage } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { HttpError, sendEnvelope } from '@regapi/http';
import { listAccountOrdersBySeq, type Order } from '@regapi/orders';
import { type RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/auth-context';
import { encodeCursor, parseOrderListQuery } from './list-query';

/** One order of the list: what it is and where it stands; its result is its poll (`GET /v1/consultas/{protocolo}`). */
function listItem(order: Order): DataItem {
  return {
    protocolo: order.protocolo,
    fonte: order.fonte,
    uf: order.uf,
    referencia: order.referencia,
    estado: order.state === 'finished' ? 'concluido' : 'processando',
    codigo: order.code,
    status_consulta: order.statusConsulta,
    preco: reaisNumber(order.priceCentavos),
    aceito_em: order.createdAt.toISOString(),
    concluido_em: order.finishedAt?.toISOString() ?? null,
    revisao: order.revisao,
  };
}

/**
 * `GET /v1/consultas` (issue 17): the caller's OWN orders, newest accepted first, filtered, one page per call with an
 * opaque cursor to the next. Any valid token; free; never the origin. `/v1/consultas/{protocolo}` is the poll.
 */
export function orderListRouter(
  deps: { readonly db: Kysely<Database>; readonly clock: Clock },
  guards: readonly RequestHandler[],
): Router {
  const router = Router();
  router.get('/v1/consultas', ...guards, async (req, res) => {
    const { accountId } = authOf(res);
    const parsed = parseOrderListQuery(req.query, deps.clock.now());
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { filter, limit, beforeSeq } = parsed.value;
    const page = await listAccountOrdersBySeq(deps.db, accountId, filter, {
      limit,
      ...(beforeSeq === undefined ? {} : { beforeSeq }),
    });
    const last = page.orders.at(-1);
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: page.more
        ? 'Uma página de consultas da conta: peça a próxima com cursor=data[0].proximo_cursor.'
        : 'Consultas da conta: última página.',
      billable: false,
      priceCentavos: 0,
      data: [
        {
          consultas: page.orders.map(listItem),
          proximo_cursor: page.more && last !== undefined ? encodeCursor(last.acceptanceSeq) : null,
        },
      ],
    });
  });
  return router;
}
