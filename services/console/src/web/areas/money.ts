import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { formatBrl, parseReaisBrasil } from '@regapi/br';
import type { CsvDialect } from '@regapi/contracts';
import {
  type BalanceAlert,
  balanceAlert,
  balanceBefore,
  EXTRATO_CSV_CONTENT_TYPE,
  extratoCsv,
  extratoCsvDisposition,
  extratoMonthRange,
  listClosedStatements,
  parseCsvDialect,
  setLowBalanceThreshold,
  statement,
  statementMonths,
} from '@regapi/ledger';
import type { Request, Response } from 'express';
import { type ConsoleSession, writeConsoleAudit } from '../../auth';
import { sendApiFailure, sendApiRefusal } from '../api/api-pages';
import { createConsoleApi } from '../api/console-api';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { monthPage, monthsPage, statementPage, type ThresholdFormState, totalsOf } from '../money/money-pages';
import {
  filterInputOf,
  parseStatementFilters,
  STATEMENT_PAGE_SIZE,
  type StatementFilters,
} from '../money/statement-filters';
import { messagePage } from '../page-frame';
import { formField, notFound, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { dataDb } from '../test-mode';

/** Highest threshold accepted: R$ 10 milhões (a typo guard; no customer keeps that much prepaid). */
const MAX_THRESHOLD_CENTAVOS = 1_000_000_000;

async function alertOf(context: ConsoleContext, viewer: ConsoleSession): Promise<BalanceAlert> {
  const alert = await balanceAlert(dataDb(context, viewer), viewer.accountId);
  if (alert === undefined) throw new Error(`console user's account ${viewer.accountId} is missing`);
  return alert;
}

function linesOf(context: ConsoleContext, viewer: ConsoleSession, filters: StatementFilters) {
  return statement(dataDb(context, viewer), {
    accountId: viewer.accountId,
    from: filters.range.from,
    to: filters.range.to,
    ...(filters.tipo === undefined ? {} : { kinds: [filters.tipo] }),
    ...(filters.produto === undefined ? {} : { fonte: filters.produto }),
  });
}

async function renderStatement(
  context: ConsoleContext,
  req: Request,
  res: Response,
  threshold: ThresholdFormState,
  status?: number,
): Promise<void> {
  const viewer = viewerOf(res);
  const alert = await alertOf(context, viewer);
  const input = filterInputOf(req.query);
  const parsed = parseStatementFilters(req.query, context.clock.now());
  if (!parsed.ok) {
    sendPage(res, status ?? 400, statementPage(viewer, { alert, input, errors: parsed.errors, threshold }));
    return;
  }
  const filters = parsed.value;
  // The form shows the range it applied, the defaults included.
  const shown = { ...input, de: filters.range.de, ate: filters.range.ate };
  const lines = await linesOf(context, viewer, filters);
  const pages = Math.max(1, Math.ceil(lines.length / STATEMENT_PAGE_SIZE));
  const page = Math.min(filters.pagina, pages);
  const pageLines = lines.slice((page - 1) * STATEMENT_PAGE_SIZE, page * STATEMENT_PAGE_SIZE);
  sendPage(
    res,
    status ?? 200,
    statementPage(viewer, {
      alert,
      input: shown,
      errors: [],
      result: { filters: { ...filters, pagina: page }, pageLines, totalLines: lines.length, totals: totalsOf(lines) },
      threshold,
    }),
  );
}

function sendCsv(res: Response, range: { de: string; ate: string }, body: string, dialect: CsvDialect): void {
  res.status(200);
  res.setHeader('Content-Type', EXTRATO_CSV_CONTENT_TYPE);
  res.setHeader('Content-Disposition', extratoCsvDisposition(range, dialect));
  res.send(body);
}

/**
 * Balance and statement (issue 15; docs/decisions/0076, 0077), for roles with `money:read`:
 * - GET /extrato: balance, low-balance threshold, the statement filtered by date range, kind and product, paged;
 * - GET /extrato.csv: the same filters as CSV, written by the API's own writer (libs/ledger): for a date range alone,
 *   byte for byte what `GET /v1/extrato` answers with `Accept: text/csv`;
 * - GET /extrato/mensal and /extrato/mensal/AAAA-MM[.csv]: calendar months in Brasília, and the closed months;
 * - GET /extrato/fechado/AAAA-MM/pdf|csv: a closed month's demonstrativo, as stored, through the API
 *   (`GET /v1/extrato/mensal/{mes}`, docs/decisions/0106) with the session's token;
 * - POST /extrato/limite: sets or clears the low-balance threshold.
 */
export const moneyArea: ConsoleArea = (router, context) => {
  const api = createConsoleApi(context);
  router.get('/extrato', ...context.guard.page('money:read'), async (req, res) => {
    await renderStatement(context, req, res, { saved: req.query.limite === 'salvo' });
  });

  router.get('/extrato.csv', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const { dialeto, ...filters } = req.query;
    const parsed = parseStatementFilters(filters, context.clock.now());
    const dialect = parseCsvDialect(dialeto);
    if (!parsed.ok || !dialect.ok) {
      await renderStatement(context, req, res, {});
      return;
    }
    const lines = await linesOf(context, viewer, parsed.value);
    sendCsv(res, parsed.value.range, extratoCsv(lines, dialect.value), dialect.value);
  });

  router.get('/extrato/mensal', ...context.guard.page('money:read'), async (_req, res) => {
    const viewer = viewerOf(res);
    const [months, closed] = await Promise.all([
      statementMonths(dataDb(context, viewer), viewer.accountId),
      listClosedStatements(dataDb(context, viewer), viewer.accountId),
    ]);
    sendPage(res, 200, monthsPage(viewer, months, closed));
  });

  router.get('/extrato/fechado/:mes/:formato', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const month = String(req.params.mes);
    const format = req.params.formato;
    if (extratoMonthRange(month) === undefined || (format !== 'pdf' && format !== 'csv')) {
      notFound(res);
      return;
    }
    try {
      const answer = await api.client.monthlyStatement(await api.tokenFor(viewer), month, format);
      if (answer.kind === 'refused') {
        if (answer.answer.status === 404 || answer.answer.status === 409) notFound(res);
        else sendApiRefusal(res, viewer, 'Extrato indisponível', answer.answer);
        return;
      }
      res.status(200);
      res.setHeader('Content-Type', answer.contentType);
      res.setHeader('Content-Disposition', `attachment; filename="extrato-${month}.${format}"`);
      if (answer.length !== null && /^\d+$/.test(answer.length)) res.setHeader('Content-Length', answer.length);
      await pipeline(Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>), res);
    } catch (error: unknown) {
      if (res.headersSent) {
        context.logger.warn({ err: error, month }, 'monthly statement stream from the API failed');
        res.destroy();
        return;
      }
      if (!sendApiFailure(res, viewer, error)) throw error;
    }
  });

  // Before the page's route: `:mes` alone would also match `2026-11.csv`.
  router.get('/extrato/mensal/:mes.csv', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const range = extratoMonthRange(String(req.params.mes));
    const dialect = parseCsvDialect(req.query.dialeto);
    if (range === undefined || !dialect.ok) {
      notFound(res);
      return;
    }
    const lines = await statement(dataDb(context, viewer), {
      accountId: viewer.accountId,
      from: range.from,
      to: range.to,
    });
    sendCsv(res, range, extratoCsv(lines, dialect.value), dialect.value);
  });

  router.get('/extrato/mensal/:mes', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const month = String(req.params.mes);
    const range = extratoMonthRange(month);
    if (range === undefined) {
      notFound(res);
      return;
    }
    const lines = await statement(dataDb(context, viewer), {
      accountId: viewer.accountId,
      from: range.from,
      to: range.to,
    });
    const first = lines[0];
    const last = lines.at(-1);
    // The API's own rule: the balance before a line is its balance after minus its amount.
    const opening =
      first === undefined
        ? await balanceBefore(dataDb(context, viewer), viewer.accountId, range.from)
        : first.balance_after_centavos - first.amount_centavos;
    const closing = last === undefined ? opening : last.balance_after_centavos;
    sendPage(res, 200, monthPage(viewer, { month, lines, openingCentavos: opening, closingCentavos: closing }));
  });

  router.post('/extrato/limite', ...context.guard.form('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const typed = (formField(req, 'limite') ?? '').trim();
    let threshold: number | null = null;
    if (typed !== '') {
      const centavos = parseReaisBrasil(typed);
      if (centavos === undefined || centavos > MAX_THRESHOLD_CENTAVOS) {
        const error =
          centavos === undefined
            ? 'Informe o valor em reais, como 150,00 ou 1.234,56 (vírgula antes dos centavos), maior que zero.'
            : `O limite pode ser no máximo ${formatBrl(MAX_THRESHOLD_CENTAVOS)}.`;
        await renderStatement(context, req, res, { typed, error }, 422);
        return;
      }
      threshold = centavos;
    }
    if (!(await setLowBalanceThreshold(dataDb(context, viewer), viewer.accountId, threshold))) {
      sendPage(res, 404, messagePage('Conta não encontrada', 'A conta desta sessão não existe mais.', viewer));
      return;
    }
    await writeConsoleAudit(context.db, {
      accountId: viewer.accountId,
      userId: viewer.userId,
      action: 'money.threshold',
      at: context.clock.now(),
      params: { limite_centavos: threshold },
    });
    res.redirect(303, '/extrato?limite=salvo');
  });
};
