import { pipeline } from 'node:stream/promises';
import type { Clock } from '@regapi/calendar';
import type { DocumentStorage, StoredObject } from '@regapi/documents';
import { contextOf, DEPENDENCY_RETRY_AFTER_S, HttpError } from '@regapi/http';
import {
  type Db,
  EXTRATO_CSV_CONTENT_TYPE,
  extratoMonthRange,
  findClosedStatement,
  generateMonthlyCsv,
  getAccount,
  parseCsvDialect,
} from '@regapi/ledger';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { entityTag } from '../documents/entity-tag';

export interface MonthlyStatementRouterDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** The document store the month's close wrote to; undefined in a gateway built without one (503). */
  readonly documents: DocumentStorage | undefined;
}

type Format = 'csv' | 'pdf';

const UNAVAILABLE = 'Extrato temporariamente indisponível. Tente novamente depois de Retry-After segundos.';
const unavailable = () => new HttpError(503, UNAVAILABLE, [], { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) });

/** `?formato=csv|pdf` wins; else `Accept` (text/csv or application/pdf); else the PDF (docs/decisions/0106). */
function formatOf(req: Request): Format {
  const asked = req.query.formato;
  if (asked !== undefined) {
    if (asked === 'csv' || asked === 'pdf') return asked;
    throw new HttpError(422, 'Parâmetro inválido.', [
      {
        campo: 'formato',
        regra: 'enum',
        mensagem: 'formato é csv ou pdf, uma única vez.',
        ...(typeof asked === 'string' ? { valor: asked } : {}),
      },
    ]);
  }
  return req.accepts(['application/pdf', 'text/csv']) === 'text/csv' ? 'csv' : 'pdf';
}

function monthError(month: string, mensagem: string): HttpError {
  return new HttpError(422, 'Mês inválido.', [{ campo: 'mes', regra: 'format', mensagem, valor: month }]);
}

async function readObject(deps: MonthlyStatementRouterDeps, res: Response, key: string): Promise<StoredObject> {
  if (deps.documents === undefined) throw unavailable();
  let object: StoredObject | undefined;
  try {
    object = await deps.documents.get(key);
  } catch (error: unknown) {
    contextOf(res).logger.error({ err: error, storage_key: key }, 'the document bucket did not answer');
    throw unavailable();
  }
  if (object === undefined) {
    contextOf(res).logger.error(
      { alert: 'monthly_statement_missing', storage_key: key },
      'a closed monthly statement is missing from the bucket',
    );
    throw unavailable();
  }
  return object;
}

/**
 * `GET /v1/extrato/mensal/{AAAA-MM}` (issue 18; docs/decisions/0106): the caller's OWN closed monthly statement, the
 * bytes stored when the month was closed (docs/decisions/0105), as PDF or CSV; `dialeto=pt-BR` asks the CSV in the
 * pt-BR dialect, written from the same ledger lines (docs/decisions/0144). Same guards as every /v1 route, no
 * scope. A month that is not `AAAA-MM`, or one that has not begun: 422; the current month, or a past one whose close
 * has not run yet: 409; a month before the account existed: 404. Another account's months are not addressable: the
 * account comes from the token only.
 */
export function monthlyStatementRouter(deps: MonthlyStatementRouterDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.get('/v1/extrato/mensal/:mes', ...guards, async (req, res) => {
    const { accountId } = authOf(res);
    const month = String(req.params.mes);
    const range = extratoMonthRange(month);
    if (range === undefined) throw monthError(month, 'Informe o mês como AAAA-MM (ex.: 2026-01), de 2000 em diante.');
    const format = formatOf(req);
    const dialect = parseCsvDialect(req.query.dialeto);
    if (!dialect.ok) throw new HttpError(422, 'Parâmetro inválido.', dialect.errors);
    const now = deps.clock.now();
    if (range.from.getTime() > now.getTime()) {
      throw monthError(month, 'Este mês ainda não começou (horário de Brasília).');
    }
    const closed = await findClosedStatement(deps.db, accountId, month);
    if (closed === undefined) {
      const account = await getAccount(deps.db, accountId);
      if (account === undefined || account.created_at.getTime() >= range.to.getTime()) {
        throw new HttpError(404, 'A conta não existia neste mês: não há extrato mensal.');
      }
      throw new HttpError(
        409,
        range.to.getTime() > now.getTime()
          ? 'O mês ainda não terminou: o extrato mensal fica disponível depois do fechamento, no início do mês seguinte (horário de Brasília).'
          : 'O mês terminou e o fechamento ainda não foi feito; tente de novo mais tarde.',
      );
    }
    res.setHeader('Vary', 'Accept');
    if (format === 'csv' && dialect.value === 'pt-BR') {
      // Written from the closed month's ledger lines, never stored: the stored RFC 4180 file stays the record.
      res.status(200);
      res.setHeader('Content-Type', EXTRATO_CSV_CONTENT_TYPE);
      res.setHeader('Content-Disposition', `attachment; filename="extrato-${month}-pt-BR.csv"`);
      res.send(await generateMonthlyCsv(deps.db, accountId, month, 'pt-BR'));
      return;
    }
    const key = format === 'csv' ? closed.csv_key : closed.pdf_key;
    const sha256 = format === 'csv' ? closed.csv_sha256 : closed.pdf_sha256;
    const size = format === 'csv' ? closed.csv_bytes : closed.pdf_bytes;
    const etag = entityTag(sha256);
    const object = await readObject(deps, res, key);
    res.setHeader('ETag', etag);
    res.status(200);
    res.setHeader('Content-Type', format === 'csv' ? EXTRATO_CSV_CONTENT_TYPE : 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="extrato-${month}.${format}"`);
    res.setHeader('Content-Length', String(size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(object.body, res);
  });
  return router;
}
