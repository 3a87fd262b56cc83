import type { Database } from '@regapi/db';
import type { Request, Response } from 'express';
import type { Kysely, Transaction } from 'kysely';
import { type ConsoleSession, setSessionAmbiente } from '../auth';
import { sendApiFailure, sendApiRefusal } from './api/api-pages';
import { createConsoleApi } from './api/console-api';
import type { ConsoleArea, ConsoleContext } from './console-context';
import { messagePage } from './page-frame';
import { formField, sendPage } from './respond';
import { viewerOf } from './session-guard';
import { inTestMode } from './test-mode-frame';

/**
 * The console's test mode (issue 29 item 5; docs/decisions/0146), as Stripe's: a switch in the header turns the
 * session's view to the sandbox — its orders, statement, balance, charts and webhook endpoints, read from the
 * sandbox's own database through the same libs the production pages use, and the API called with the session's
 * `teste` token (so a query run in test mode is a sandbox order). Kept with the session (`console_session.ambiente`,
 * migration 0044): every sign-in starts in production; the page shows a banner and another colour while it is on.
 */

/** The database of the environment the session looks at: the account's orders, ledger and webhook endpoints. */
export function dataDb(context: ConsoleContext, viewer: ConsoleSession): Kysely<Database> {
  if (!inTestMode(viewer)) return context.db;
  if (context.sandboxDb === undefined) throw new Error('a session in test mode on a console without a sandbox');
  return context.sandboxDb;
}

/**
 * An action on the account's data with its audit row: in production one transaction for both (as before); in test
 * mode the data is the sandbox's (its own database, its own transaction) and the audit trail — like users, tokens and
 * sessions — stays in production's, in a transaction that also holds any lock the action takes there (a single-use
 * form's) for as long as the sandbox's work runs.
 */
export function actWithAudit<T>(
  context: ConsoleContext,
  viewer: ConsoleSession,
  act: (data: Kysely<Database>, audit: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!inTestMode(viewer)) return context.db.transaction().execute((trx) => act(trx, trx));
  const sandbox = dataDb(context, viewer);
  // The sandbox's transaction inside production's: it commits first, then the audit row (and the form's lock) do.
  return context.db.transaction().execute((trx) => sandbox.transaction().execute((data) => act(data, trx)));
}

/** Where to go back after switching: a path of this console, never another site (`//host`, `/\\host`). */
function backOf(req: Request): string {
  const back = formField(req, 'voltar') ?? '/';
  return /^\/(?![/\\])[A-Za-z0-9/_-]*$/.test(back) ? back : '/';
}

/**
 * POST /modo-teste (every role): `modo=teste` turns the test mode on, `modo=producao` off. Turning it on first asks the
 * API for the sandbox's balance with the session's `teste` token: the gateway opens the account in the sandbox and
 * refills its balance there (docs/decisions/0099), the very path a `teste` token of the customer's takes.
 */
export const testModeArea: ConsoleArea = (router, context) => {
  const api = createConsoleApi(context);
  router.post('/modo-teste', ...context.guard.form(), async (req, res) => {
    const viewer = viewerOf(res);
    const wanted = formField(req, 'modo');
    if (wanted !== 'teste' && wanted !== 'producao') {
      sendPage(res, 400, messagePage('Pedido recusado', 'Escolha o modo de teste ou o de produção.', viewer));
      return;
    }
    if (wanted === 'teste' && !(await sandboxReady(context, viewer, res))) return;
    await setSessionAmbiente(context.db, viewer.id, wanted);
    res.redirect(303, backOf(req));
  });

  async function sandboxReady(context: ConsoleContext, viewer: ConsoleSession, res: Response): Promise<boolean> {
    if (context.sandboxDb === undefined) {
      sendPage(
        res,
        409,
        messagePage(
          'Modo de teste indisponível',
          'Esta instalação roda sem sandbox: não há pedidos, extrato nem webhooks de teste para mostrar.',
          viewer,
        ),
      );
      return false;
    }
    try {
      const answer = await api.client.balance(await api.tokenFor({ ...viewer, ambiente: 'teste' }));
      if (answer.status === 200) return true;
      sendApiRefusal(res, viewer, 'Modo de teste indisponível', answer);
      return false;
    } catch (error: unknown) {
      if (sendApiFailure(res, viewer, error)) return false;
      throw error;
    }
  }
};
