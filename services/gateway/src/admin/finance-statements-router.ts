import { formatReais } from '@regapi/br';
import type { Clock } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import { DEPENDENCY_RETRY_AFTER_S, HttpError, sendEnvelope } from '@regapi/http';
import {
  type ClosedStatement,
  closeMonthForAll,
  type Db,
  extratoMonthRange,
  findClosedStatement,
} from '@regapi/ledger';
import { type Response, Router } from 'express';
import type { AdminAct } from './admin-audit';
import { invalidField, NotFoundError } from './admin-errors';

function answer(res: Response, message: string, item: Readonly<Record<string, unknown>>): void {
  sendEnvelope(res, 200, { code: 200, codeMessage: message, data: [item] });
}

function month(value: string): string {
  if (extratoMonthRange(value) === undefined) {
    throw invalidField('month', 'format', 'O mês é AAAA-MM (ex.: 2026-10), de 2000 em diante.', value);
  }
  return value;
}

function store(documents: DocumentStorage | undefined): DocumentStorage {
  if (documents === undefined) {
    throw new HttpError(503, 'Sem o armazenamento de documentos: o fechamento não pode gravar os extratos.', [], {
      'Retry-After': String(DEPENDENCY_RETRY_AFTER_S),
    });
  }
  return documents;
}

export function statementView(row: ClosedStatement): Record<string, unknown> {
  return {
    account_id: row.account_id,
    month: row.month,
    opening: formatReais(row.opening_centavos),
    credits: formatReais(row.credits_centavos),
    debits: formatReais(row.debits_centavos),
    closing: formatReais(row.closing_centavos),
    lines: row.lines,
    csv_key: row.csv_key,
    csv_sha256: row.csv_sha256,
    pdf_key: row.pdf_key,
    pdf_sha256: row.pdf_sha256,
    closed_at: row.closed_at.toISOString(),
  };
}

/**
 * The month's close and its exports (issue 18; docs/decisions/0105, 0107), for `pnpm ops finance ...`:
 * - `POST /admin/v1/finance/statements/{AAAA-MM}/close`: closes the month for every account (idempotent: a month
 *   already closed is counted, never rewritten); a month not over in Brasília is a 409;
 * - `GET /admin/v1/finance/statements/{AAAA-MM}`: every account's closed statement of the month (totals, keys, SHA-256);
 * - `GET /admin/v1/finance/statements/{AAAA-MM}/accounts/{id}/csv`: one closed statement's CSV text, as stored.
 * Mounted inside the admin router, behind its authentication; every call is a row of `admin_audit`.
 */
export function financeStatementsRouter(options: {
  readonly db: Db;
  readonly clock: Clock;
  readonly act: AdminAct;
  readonly documents: DocumentStorage | undefined;
}): Router {
  const { db, act } = options;
  const router = Router();

  router.post(
    '/admin/v1/finance/statements/:month/close',
    act<{ month: string }>('finance.close-month', async (req, res) => {
      const asked = month(req.params.month);
      const result = await closeMonthForAll(db, store(options.documents), { month: asked, now: options.clock.now() });
      if ('kind' in result) {
        throw new HttpError(409, `O mês ${asked} ainda não terminou no horário de Brasília: nada foi fechado.`);
      }
      answer(res, `Mês ${asked} fechado.`, {
        month: result.month,
        closed: result.closed,
        already_closed: result.alreadyClosed,
      });
    }),
  );

  router.get(
    '/admin/v1/finance/statements/:month',
    act<{ month: string }>('finance.statements', async (req, res) => {
      const asked = month(req.params.month);
      const rows = await db
        .selectFrom('monthly_statement')
        .selectAll()
        .where('month', '=', asked)
        .orderBy('account_id')
        .execute();
      answer(res, `Extratos fechados de ${asked}.`, {
        month: asked,
        count: rows.length,
        statements: rows.map(statementView),
      });
    }),
  );

  router.get(
    '/admin/v1/finance/statements/:month/accounts/:accountId/csv',
    act<{ month: string; accountId: string }>('finance.statement-csv', async (req, res) => {
      const asked = month(req.params.month);
      const row = await findClosedStatement(db, req.params.accountId, asked);
      if (row === undefined) throw new NotFoundError(`Extrato fechado de ${asked} da conta ${req.params.accountId}`);
      const object = await store(options.documents).get(row.csv_key);
      if (object === undefined) {
        throw new HttpError(503, `O CSV de ${row.csv_key} não está no armazenamento de documentos.`, [], {
          'Retry-After': String(DEPENDENCY_RETRY_AFTER_S),
        });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
      answer(res, `CSV do extrato de ${asked}.`, {
        ...statementView(row),
        csv: Buffer.concat(chunks).toString('utf8'),
      });
    }),
  );

  return router;
}
