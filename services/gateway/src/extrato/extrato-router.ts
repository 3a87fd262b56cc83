import type { Clock } from '@regapi/calendar';
import { transportMessage } from '@regapi/contracts';
import { HttpError, sendEnvelope } from '@regapi/http';
import {
  type Db,
  EXTRATO_CSV_CONTENT_TYPE,
  extratoCsv,
  extratoCsvDisposition,
  parseCsvDialect,
  parseExtratoRange,
  statement,
  toExtratoLine,
} from '@regapi/ledger';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';

/**
 * `GET /v1/extrato?de=AAAA-MM-DD&ate=AAAA-MM-DD` (issue 4; docs/decisions/0018): the caller's OWN account statement,
 * every top-up, debit, refund and adjustment in the range, in the order applied. Any valid token may read it (no
 * product scope): it is the account's money, not a product. JSON envelope by default, one `data` item per line;
 * CSV with `Accept: text/csv`: RFC 4180, or with `dialeto=pt-BR` the dialect a Brazilian spreadsheet opens (`;`,
 * decimal comma, byte order mark; docs/decisions/0144). Free; never reaches the origin. The range rules, the line shape and the CSV
 * writer live in libs/ledger (docs/decisions/0076): the console's statement is the same.
 */
export function extratoRouter(guards: readonly RequestHandler[], db: Db, clock: Clock): Router {
  const router = Router();
  router.get('/v1/extrato', ...guards, async (req, res) => {
    const caller = authOf(res);
    const range = parseExtratoRange({ de: req.query.de, ate: req.query.ate }, clock.now());
    const dialect = parseCsvDialect(req.query.dialeto);
    const errors = [...(range.ok ? [] : range.errors), ...(dialect.ok ? [] : dialect.errors)];
    if (!range.ok || !dialect.ok) throw new HttpError(422, transportMessage(422), errors);
    const lines = await statement(db, { accountId: caller.accountId, from: range.value.from, to: range.value.to });
    res.setHeader('Vary', 'Accept');
    if (req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      res.status(200);
      res.setHeader('Content-Type', EXTRATO_CSV_CONTENT_TYPE);
      res.setHeader('Content-Disposition', extratoCsvDisposition(range.value, dialect.value));
      res.send(extratoCsv(lines, dialect.value));
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
