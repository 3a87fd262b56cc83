import { type Clock, formatCivilDate, toLocalDateTime } from '@regapi/calendar';
import { transportMessage } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { HttpError, sendEnvelope } from '@regapi/http';
import {
  EXTRATO_TIME_ZONE,
  extratoMonthRange,
  parseExtratoRange,
  runRegistryReconciliation,
  type StoredReconciliation,
} from '@regapi/ledger';
import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { AdminAct } from './admin-audit';
import { invalidField } from './admin-errors';

type Period = {
  readonly from: Date;
  readonly to: Date;
  readonly month: string | null;
  readonly de: string;
  readonly ate: string;
};

/** `{month: "AAAA-MM"}`, or `{de, ate}` (days in Brasília, inclusive, as the extrato's), never both. */
function periodOf(body: unknown, now: Date): Period {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (fields.month !== undefined) {
    if (fields.de !== undefined || fields.ate !== undefined) {
      throw invalidField('month', 'exclusive', 'Informe `month` ou `de`/`ate`, não ambos.');
    }
    const month = typeof fields.month === 'string' ? fields.month : '';
    const range = extratoMonthRange(month);
    if (range === undefined) throw invalidField('month', 'format', 'Um mês AAAA-MM (ex.: 2026-10).', fields.month);
    return { ...range, month };
  }
  if (fields.de === undefined && fields.ate === undefined) {
    throw invalidField('month', 'required', 'Informe `month` (AAAA-MM) ou o período `de`/`ate` (AAAA-MM-DD).');
  }
  const range = parseExtratoRange({ de: fields.de, ate: fields.ate }, now);
  if (!range.ok) throw new HttpError(422, transportMessage(422), range.errors);
  return { ...range.value, month: null };
}

function reportView(report: StoredReconciliation, period: Period): Record<string, unknown> {
  return {
    reconciliation_id: report.id,
    month: report.month,
    de: period.de,
    ate: period.ate,
    period_from: report.period.from.toISOString(),
    period_to: report.period.to.toISOString(),
    computed_at: report.computedAt.toISOString(),
    totals: report.totals,
    lines_by_category: Object.fromEntries(
      ['charged_delivered', 'charged_refunded', 'charged_unknown', 'ours_unlisted'].map((category) => [
        category,
        report.lines.filter((line) => line.category === category).length,
      ]),
    ),
    // What a human must look at: charged but unknown to us, ours never charged.
    mismatched: report.lines
      .filter((line) => line.category === 'charged_unknown' || line.category === 'ours_unlisted')
      .map((line) => ({
        category: line.category,
        numero_pedido: line.numeroPedido,
        order_id: line.orderId,
        fonte: line.fonte,
        fee_centavos: line.feeCentavos,
        price_centavos: line.priceCentavos,
      })),
  };
}

/**
 * Finance (issue 18): `POST /admin/v1/finance/registry-reconciliations` with `{month}` or `{de, ate}` reconciles the
 * registry's charges of that period against our orders now, persists the report (docs/decisions/0103) and answers it:
 * totals in centavos, the count of lines per category and every mismatched line. Mounted inside the admin router,
 * behind its authentication; every call is a row of `admin_audit`.
 */
export function financeRegistryRouter(options: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly act: AdminAct;
}): Router {
  const { db, clock, act } = options;
  const router = Router();
  router.post(
    '/admin/v1/finance/registry-reconciliations',
    act('finance.registry-reconcile', async (req, res) => {
      const now = clock.now();
      const period = periodOf(req.body, now);
      const report = await runRegistryReconciliation(db, period, period.month);
      const today = formatCivilDate(toLocalDateTime(now, EXTRATO_TIME_ZONE).date);
      const message =
        period.to > now
          ? `Conciliação com o registro de um período ainda aberto (hoje é ${today}): refaça-a depois do fim.`
          : 'Conciliação com o registro.';
      sendEnvelope(res, 201, { code: 201, codeMessage: message, data: [reportView(report, period)] });
    }),
  );
  return router;
}
