import { formatReais } from '@regapi/br';
import type { Clock } from '@regapi/calendar';
import { isFonte, isUuid, transportMessage, type Validation } from '@regapi/contracts';
import type { DocumentStorage } from '@regapi/documents';
import { HttpError, readJsonBody, sendEnvelope } from '@regapi/http';
import {
  createAccount,
  type Db,
  getAccount,
  getPlan,
  listAccounts,
  listPlans,
  orderLedgerEntries,
  setPlanMaxOpenOrders,
  topUp,
  UnknownPlanError,
} from '@regapi/ledger';
import { getOrderByProtocolo } from '@regapi/orders';
import type { JwtKeyring } from '@regapi/tokens';
import { issueToken, listAccountTokens, revokeApiToken } from '@regapi/tokens';
import { type Response, Router } from 'express';
import type { TokenAuthority } from '../auth/token-authority';
import { setProductEnabled } from '../products/product-status';
import { type AdminAct, audited } from './admin-audit';
import { adminAuth } from './admin-auth';
import {
  validateCreateAccount,
  validateCredit,
  validateIssueToken,
  validatePlanLimit,
  validateProductSwitch,
} from './admin-bodies';
import { invalidField, ledgerErrors, NotFoundError } from './admin-errors';
import type { AdminThrottle } from './admin-throttle';
import { accountListView, accountView, ledgerEntryView, orderView, planView, productStatusView } from './admin-views';
import { type ConsoleMailSettings, consoleUserRouter, DEFAULT_CONSOLE_MAIL_SETTINGS } from './console-user-router';
import { deadLetterRouter } from './dead-letter-router';
import { financeRegistryRouter } from './finance-registry-router';
import { financeStatementsRouter } from './finance-statements-router';

export interface AdminRouterOptions {
  readonly db: Db;
  readonly keyring: JwtKeyring;
  readonly authority: TokenAuthority;
  readonly adminToken: string;
  readonly clock: Clock;
  /** Failed authentications per client address (decision 0054). */
  readonly throttle: AdminThrottle;
  /** The console's links and mail (docs/decisions/0082); default its standalone URL, no SMTP. */
  readonly consoleMail?: ConsoleMailSettings;
  /** The document store the month's close writes the statements to (docs/decisions/0105); without it, 503. */
  readonly documents?: DocumentStorage;
}

function valid<T>(validation: Validation<T>): T {
  if (!validation.ok) throw new HttpError(422, transportMessage(422), validation.errors);
  return validation.value;
}

function answer(res: Response, status: number, message: string, item: Readonly<Record<string, unknown>>): void {
  sendEnvelope(res, status, { code: status, codeMessage: message, data: [item] });
}

/**
 * The admin API (issue 4; the ops CLI is its client): accounts, credits, tokens, products, orders. Served on the
 * gateway's INTERNAL listener under `/admin/v1`, behind ADMIN_TOKEN (docs/decisions/0019, 0054); every action is a row
 * of `admin_audit`. Every answer is the envelope; money moves only through libs/ledger.
 */
export function adminRouter(options: AdminRouterOptions): Router {
  const { db, clock } = options;
  const router = Router();
  const auth = adminAuth({ adminToken: options.adminToken, throttle: options.throttle, db, clock });
  // The body is read only once the admin token passed (docs/decisions/0052).
  router.use('/admin/v1', auth.middleware, readJsonBody);
  const act: AdminAct = (action, handler) => audited(db, clock, auth.identityOf, action, handler);

  router.post(
    '/admin/v1/accounts',
    act('account.create', async (req, res) => {
      const body = valid(validateCreateAccount(req.body));
      try {
        const account = await createAccount(db, {
          name: body.name,
          ...(body.plan === undefined ? {} : { planId: body.plan }),
        });
        answer(res, 201, 'Conta criada.', accountView(account, await getPlan(db, account.plan_id), []));
      } catch (error: unknown) {
        if (!(error instanceof UnknownPlanError)) throw error;
        const known = (await listPlans(db)).map((plan) => plan.id).join(', ');
        throw invalidField('plan', 'plan', `Plano desconhecido: ${error.planId}. Planos: ${known}.`, error.planId);
      }
    }),
  );

  // Issue 29: how an operator finds an account's id (the standalone demo account's, say) without SQL.
  router.get(
    '/admin/v1/accounts',
    act('account.list', async (_req, res) => {
      const [accounts, plans] = await Promise.all([listAccounts(db), listPlans(db)]);
      const planNames = new Map(plans.map((plan) => [plan.id, plan.name]));
      answer(res, 200, 'Contas.', {
        count: accounts.length,
        accounts: accounts.map((account) => accountListView(account, planNames.get(account.plan_id) ?? null)),
      });
    }),
  );

  router.get(
    '/admin/v1/accounts/:accountId',
    act<{ accountId: string }>('account.show', async (req, res) => {
      const account = await getAccount(db, req.params.accountId);
      if (account === undefined) throw new NotFoundError(`Conta ${req.params.accountId}`);
      const [plan, tokens] = await Promise.all([getPlan(db, account.plan_id), listAccountTokens(db, account.id)]);
      answer(res, 200, 'Conta.', accountView(account, plan, tokens));
    }),
  );

  // A top-up with a reference already credited is a no-op (`applied: false`), so an operator may safely retry.
  router.post(
    '/admin/v1/accounts/:accountId/credits',
    act<{ accountId: string }>('account.credit', async (req, res) => {
      const body = valid(validateCredit(req.body));
      const accountId = req.params.accountId;
      const result = await db.transaction().execute((trx) =>
        topUp(trx, {
          accountId,
          amountCentavos: body.amountCentavos,
          ...(body.reference === undefined ? {} : { reference: body.reference }),
        }),
      );
      answer(
        res,
        result.applied ? 201 : 200,
        result.applied ? 'Crédito lançado.' : 'Referência já creditada; nada mudou.',
        {
          account_id: accountId,
          balance: formatReais(result.balanceCentavos),
          applied: result.applied,
          transaction_id: result.transactionId,
        },
      );
    }),
  );

  router.post(
    '/admin/v1/tokens',
    act('token.issue', async (req, res) => {
      const body = valid(validateIssueToken(req.body));
      const issued = await issueToken(db, options.keyring, clock, body);
      answer(res, 201, 'Token emitido. Guarde-o agora: ele não é armazenado e não pode ser mostrado de novo.', {
        token: issued.token,
        token_id: issued.tokenId,
        account_id: issued.accountId,
        scopes: [...issued.scopes],
        expires_at: issued.expiresAt.toISOString(),
        ambiente: issued.ambiente,
      });
    }),
  );

  router.post(
    '/admin/v1/tokens/:tokenId/revoke',
    act<{ tokenId: string }>('token.revoke', async (req, res) => {
      const tokenId = req.params.tokenId;
      const revoked = isUuid(tokenId) ? await revokeApiToken(db, tokenId, clock.now()) : undefined;
      const revokedAt = revoked?.revokedAt;
      if (revoked === undefined || revokedAt === undefined || revokedAt === null) {
        throw new NotFoundError(`Token ${tokenId}`);
      }
      // This replica refuses it at once; the others within their cache time (docs/decisions/0016).
      options.authority.forget(tokenId);
      answer(res, 200, 'Token revogado.', { token_id: revoked.id, revoked_at: revokedAt.toISOString() });
    }),
  );

  router.post(
    '/admin/v1/products/:fonte/:action',
    act<{ fonte: string; action: string }>('product.switch', async (req, res) => {
      const { fonte, action } = req.params;
      if (!isFonte(fonte) || (action !== 'disable' && action !== 'enable')) {
        throw new NotFoundError(`Produto ${fonte}`);
      }
      const body = valid(validateProductSwitch(req.body));
      const enabled = action === 'enable';
      const reason = enabled ? null : (body.reason ?? 'desativado pelo operador');
      const status = await setProductEnabled(db, fonte, enabled, reason, clock.now());
      answer(res, 200, enabled ? 'Produto em serviço.' : 'Produto fora de serviço.', productStatusView(status));
    }),
  );

  // Plans: their margins and open-order limits (decision 0084). Margins are set by migrations; the limit here.
  router.get(
    '/admin/v1/plans',
    act('plan.list', async (_req, res) => {
      // One item, like every admin answer: the ops CLI prints `data[0]`.
      answer(res, 200, 'Planos.', { plans: (await listPlans(db)).map(planView) });
    }),
  );

  router.post(
    '/admin/v1/plans/:planId/max-open-orders',
    act<{ planId: string }>('plan.limit', async (req, res) => {
      const { planId } = req.params;
      const body = valid(validatePlanLimit(req.body));
      const plan = await setPlanMaxOpenOrders(db, planId, body.maxOpenOrders);
      if (plan === undefined) throw new NotFoundError(`Plano ${planId}`);
      answer(
        res,
        200,
        'Limite de pedidos em aberto do plano alterado. Vale para novas execuções em até um segundo; pedidos já aceitos não são afetados.',
        planView(plan),
      );
    }),
  );

  // The order (libs/orders) and every ledger entry of its protocolo (libs/ledger).
  router.get(
    '/admin/v1/orders/:protocolo',
    act<{ protocolo: string }>('order.show', async (req, res) => {
      const protocolo = req.params.protocolo;
      if (!/^[0-9]+$/.test(protocolo)) throw new NotFoundError(`Pedido ${protocolo}`);
      const [order, entries] = await Promise.all([
        getOrderByProtocolo(db, protocolo),
        orderLedgerEntries(db, protocolo),
      ]);
      if (order === undefined && entries.length === 0) throw new NotFoundError(`Pedido ${protocolo}`);
      answer(res, 200, 'Pedido.', {
        protocolo,
        order: order === undefined ? null : orderView(order),
        ledger_entries: entries.map(ledgerEntryView),
      });
    }),
  );

  router.use(deadLetterRouter({ db, act }));
  router.use(financeRegistryRouter({ db, clock, act }));
  router.use(financeStatementsRouter({ db, clock, act, documents: options.documents }));
  router.use(
    consoleUserRouter({
      db,
      clock,
      act,
      identityOf: auth.identityOf,
      mail: options.consoleMail ?? DEFAULT_CONSOLE_MAIL_SETTINGS,
    }),
  );
  router.use('/admin/v1', ledgerErrors);
  return router;
}
