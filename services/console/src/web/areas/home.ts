import { formatBrl } from '@regapi/br';
import { type Account, type BalanceAlert, balanceAlert, getAccount } from '@regapi/ledger';
import { type ConsoleSession, can } from '../../auth';
import type { ConsoleArea } from '../console-context';
import { html } from '../html';
import { lowBalanceWarning } from '../money/money-pages';
import { consolePage } from '../page-frame';
import { sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { dataDb } from '../test-mode';

const ROLE_NAMES: Readonly<Record<ConsoleSession['role'], string>> = {
  administrador: 'Administrador',
  desenvolvimento: 'Desenvolvimento',
  financeiro: 'Financeiro',
  consulta: 'Consulta',
};

export function roleName(role: ConsoleSession['role']): string {
  return ROLE_NAMES[role];
}

function homePage(session: ConsoleSession, account: Account, alert: BalanceAlert | undefined): string {
  return consolePage(
    'Início',
    html`<h1>${account.name}</h1>
!${lowBalanceWarning(alert, can(session.role, 'money:read'))}
<dl>
<dt>E-mail</dt><dd id="email">${session.email}</dd>
<dt>Perfil</dt><dd id="perfil">${roleName(session.role)}</dd>
<dt>Saldo</dt><dd id="saldo">${formatBrl(account.balance_centavos)}</dd>
</dl>`,
    { viewer: session, current: '/' },
  );
}

/** GET /: who is signed in, for which account, and its balance. */
export const homeArea: ConsoleArea = (router, context) => {
  router.get('/', ...context.guard.page(), async (_req, res) => {
    const session = viewerOf(res);
    const account = await getAccount(dataDb(context, session), session.accountId);
    if (account === undefined) throw new Error(`console user's account ${session.accountId} is missing`);
    sendPage(res, 200, homePage(session, account, await balanceAlert(dataDb(context, session), session.accountId)));
  });
};
