import { type ResultCode, resultClassOf } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { failureResultData, finishOrder, type Order } from '@regapi/orders';
import { type Kysely, sql } from 'kysely';
import type { TaskContext } from '../tasks/task-context';

/** Contract 7.3: `fatal`, refunded in full by class (decision 0020: `order-not-found` is 621). */
const LOST_BY_THE_ORIGIN: ResultCode = 621;

/** What one "order not found" answer to a check of a certificate in EM_EMISSAO did. */
export type NotFoundRun =
  /** Counted: the run of such answers is still under its bound; the watch asks again. */
  | { readonly kind: 'counting'; readonly answers: number; readonly since: Date }
  /** The run reached its bound: the order finished 621, refunded (this call applied it). */
  | { readonly kind: 'ended'; readonly answers: number; readonly since: Date }
  /** The order had left EM_EMISSAO meanwhile: nothing counted. */
  | { readonly kind: 'unchanged' };

/**
 * The origin answered "order not found" for the protocol it gave a certificate still in EM_EMISSAO
 * (docs/decisions/0176). One answer proves little (a glitch, a replica of the origin behind), so the unbroken run of
 * them is kept in `certificate_not_found`; once it has at least `certificateNotFoundAnswers` answers spanning at
 * least `certificateNotFoundMs`, the order ends 621 in the same transaction: billing refunds it in full, once, by
 * class (decision 0013), and the customer's webhook follows the finish. The row stays as the record of the run.
 */
export async function countNotFound(ctx: TaskContext, order: Order): Promise<NotFoundRun> {
  const at = ctx.clock.now();
  const run = await ctx.db.transaction().execute(async (trx) => {
    // The order row locked first: a check that found the certificate, committing meanwhile, is seen here.
    const current = await trx
      .selectFrom('orders')
      .select('state')
      .where('id', '=', order.id)
      .forUpdate()
      .executeTakeFirst();
    if (current?.state !== 'awaiting_issue') return { kind: 'unchanged' } as const;
    const row = await trx
      .insertInto('certificate_not_found')
      .values({ order_id: order.id, answers: 1, first_at: at, last_at: at })
      .onConflict((conflict) =>
        conflict.column('order_id').doUpdateSet({
          answers: sql`certificate_not_found.answers + 1`,
          last_at: sql`greatest(certificate_not_found.last_at, excluded.last_at)`,
        }),
      )
      .returning(['answers', 'first_at', 'last_at'])
      .executeTakeFirstOrThrow();
    const spanMs = row.last_at.getTime() - row.first_at.getTime();
    if (row.answers < ctx.settings.certificateNotFoundAnswers || spanMs < ctx.settings.certificateNotFoundMs) {
      return { kind: 'counting', answers: row.answers, since: row.first_at } as const;
    }
    const applied = await finishOrder(trx, order, {
      code: LOST_BY_THE_ORIGIN,
      statusConsulta: null,
      result: failureResultData('certidao-inteiro-teor', LOST_BY_THE_ORIGIN, { numeroPedido: order.numeroPedido }),
      siteReceipts: [],
      numeroPedido: order.numeroPedido,
      at,
    });
    return applied
      ? ({ kind: 'ended', answers: row.answers, since: row.first_at } as const)
      : ({ kind: 'unchanged' } as const);
  });
  if (run.kind === 'ended') {
    ctx.metrics.orderFinished('certidao-inteiro-teor', String(LOST_BY_THE_ORIGIN), resultClassOf(LOST_BY_THE_ORIGIN));
    ctx.alerts.certificateNotFoundAtOrigin({
      orderId: order.id,
      protocolo: order.protocolo,
      numeroPedido: order.numeroPedido,
      answers: run.answers,
      since: run.since,
      at,
    });
  } else if (run.kind === 'counting') {
    ctx.logger.warn(
      { order_id: order.id, numero_pedido: order.numeroPedido, answers: run.answers, since: run.since.toISOString() },
      'the origin does not know the protocol of a certificate in EM_EMISSAO: counted, checked again',
    );
  }
  return run;
}

/** An answer that found the certificate at the origin ends the run: a later "not found" starts counting afresh. */
export async function clearNotFound(db: Kysely<Database>, orderId: string): Promise<void> {
  await db.deleteFrom('certificate_not_found').where('order_id', '=', orderId).execute();
}
