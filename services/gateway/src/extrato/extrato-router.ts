import type { Clock } from '@regapi/calendar';
import { transportMessage } from '@regapi/contracts';
import { HttpError, sendEnvelope } from '@regapi/http';
import { type Db, statement } from '@regapi/ledger';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { csvRow } from './csv';
import { parseExtratoRange } from './date-range';
import { CSV_COLUMNS, toCsvCells, toExtratoLine } from './extrato-line';

/**
 * `GET /v1/extrato?de=AAAA-MM-DD&ate=AAAA-MM-DD` (issue 4; docs/decisions/0018): the caller's OWN account statement,
 * every top-up, debit, refund and adjustment in the range, in the order applied. Any valid token may read it (no
 * product scope): it is the account's money, not a product. JSON envelope by default, one `data` item per line;
 * RFC 4180 CSV with `Accept: text/csv`. Free; never reaches the origin.
 */
export function extratoRouter(guards: readonly RequestHandler[], db: Db, clock: Clock): Router {
  const router = Router();
  router.get('/v1/extrato', ...guards, async (req, res) => {
    const caller = authOf(res);
    const range = parseExtratoRange({ de: req.query.de, ate: req.query.ate }, clock.now());
    if (!range.ok) throw new HttpError(422, transportMessage(422), range.errors);
    const lines = await statement(db, { accountId: caller.accountId, from: range.value.from, to: range.value.to });
    res.setHeader('Vary', 'Accept');
    if (req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      const { de, ate } = range.value;
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
      res.setHeader('Content-Disposition', `attachment; filename="extrato-${de}-${ate}.csv"`);
      const rows = lines.map((line) => {
        const cells = toCsvCells(line);
        return csvRow(CSV_COLUMNS.map((column) => cells[column]));
      });
      res.send([csvRow(CSV_COLUMNS), ...rows].join(''));
      return;
    }
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: `Extrato de ${range.value.de} a ${range.value.ate} (dias no horário de Brasília).`,
      billable: false,
      priceCentavos: 0,
      data: lines.map(toExtratoLine),
    });
  });
  return router;
}
