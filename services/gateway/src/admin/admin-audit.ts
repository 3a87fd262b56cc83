import type { Clock } from '@regapi/calendar';
import { contextOf } from '@regapi/http';
import type { Db } from '@regapi/ledger';
import type { Request, RequestHandler, Response } from 'express';

/** Who sent an admin call: the credential that passed and the operator the ops CLI named (decision 0054). */
export interface AdminIdentity {
  readonly credential: string | null;
  readonly operator: string | null;
}

interface AuditRow extends AdminIdentity {
  readonly action: string;
  readonly clientAddress: string;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** Known before the answer (a refused authentication is a 401): written with the row. */
  readonly outcome?: number;
}

/** The peer of the connection: the internal listener is never behind a proxy, so no forwarded header is believed. */
export function clientAddressOf(req: Request): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** The body as jsonb can hold it: null when absent or not storable (a NUL character, a cycle). */
function storableBody(body: unknown): string | null {
  if (body === undefined) return null;
  try {
    const text = JSON.stringify(body);
    return text === undefined || text.includes('\\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** Inserts one audit row (outcome pending unless given) and answers its id. */
export async function recordAdminAct(db: Db, clock: Clock, res: Response, row: AuditRow): Promise<number> {
  const inserted = await db
    .insertInto('admin_audit')
    .values({
      at: clock.now(),
      operator: row.operator,
      credential: row.credential,
      client_address: row.clientAddress,
      action: row.action,
      params: JSON.stringify(row.params),
      body: storableBody(row.body),
      request_id: contextOf(res).requestId,
      outcome: row.outcome ?? null,
      answered_at: row.outcome === undefined ? null : clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The status answered; a row whose answer was never sent keeps a null outcome. */
async function recordOutcome(db: Db, clock: Clock, id: number, outcome: number): Promise<void> {
  await db.updateTable('admin_audit').set({ outcome, answered_at: clock.now() }).where('id', '=', id).execute();
}

/**
 * An admin route whose action is audited: the row is written BEFORE the handler runs (no action without its row; a
 * database that refuses the row refuses the action), its outcome when the answer has been sent.
 */
/** A handler wrapped so that its action is a row of `admin_audit` (what `adminRouter` gives its sub-routers). */
export type AdminAct = <P extends Record<string, string>>(
  action: string,
  handler: (req: Request<P>, res: Response) => Promise<void>,
) => RequestHandler<P>;

export function audited<P extends Record<string, string>>(
  db: Db,
  clock: Clock,
  identityOf: (req: Request<P>) => AdminIdentity,
  action: string,
  handler: (req: Request<P>, res: Response) => Promise<void>,
): RequestHandler<P> {
  return async (req, res) => {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.params)) params[name] = value;
    const id = await recordAdminAct(db, clock, res, {
      ...identityOf(req),
      action,
      clientAddress: clientAddressOf(req),
      params,
      body: req.body,
    });
    res.once('finish', () => {
      recordOutcome(db, clock, id, res.statusCode).catch((error: unknown) => {
        contextOf(res).logger.error({ err: error, audit_id: id }, 'admin audit outcome not recorded');
      });
    });
    await handler(req, res);
  };
}
