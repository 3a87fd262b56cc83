import type { Clock } from '@regapi/calendar';
import {
  type AccountUser,
  InvalidConsoleUserError,
  type Invitation,
  inviteUser,
  isConsoleRole,
  listAccountUsers,
  listUnsentMail,
  resendInvitation,
  resetUserSecondFactor,
} from '@regapi/console-auth';
import { compileOnFirstUse, contractsAjv, isUuid, transportMessage } from '@regapi/contracts';
import { HttpError, sendEnvelope } from '@regapi/http';
import { type Db, getAccount } from '@regapi/ledger';
import { type Request, type Response, Router } from 'express';
import type { AdminAct, AdminIdentity } from './admin-audit';
import { invalidField, NotFoundError } from './admin-errors';
import { adminFieldErrors } from './body-errors';

/** Where the console's links point and whether its mail leaves by SMTP (docs/decisions/0082). */
export interface ConsoleMailSettings {
  /** The console's public URL, e.g. `https://console.exemplo.com.br`; the links in the messages start with it. */
  readonly consoleUrl: string;
  /** True when the console process has SMTP_URL: a queued message will be sent; false: an operator hands it over. */
  readonly smtpConfigured: boolean;
}

export const DEFAULT_CONSOLE_MAIL_SETTINGS: ConsoleMailSettings = Object.freeze({
  consoleUrl: 'http://127.0.0.1:8085',
  smtpConfigured: false,
});

interface InviteBody {
  readonly email: string;
  readonly role: string;
}

const inviteValidator = compileOnFirstUse<InviteBody>(contractsAjv, {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    role: { type: 'string', minLength: 1, maxLength: 32 },
  },
  required: ['email', 'role'],
  additionalProperties: false,
});

function userView(user: AccountUser): Record<string, unknown> {
  return {
    user_id: user.id,
    email: user.email,
    role: user.role,
    totp: user.totpEnabled,
    invitation_pending: user.invitationPending,
    created_at: user.createdAt.toISOString(),
    disabled_at: user.disabledAt === null ? null : user.disabledAt.toISOString(),
  };
}

function answer(res: Response, status: number, message: string, item: Readonly<Record<string, unknown>>): void {
  sendEnvelope(res, status, { code: status, codeMessage: message, data: [item] });
}

const USER_ERRORS: Readonly<Record<InvalidConsoleUserError['code'], string>> = {
  'email-invalid': 'E-mail inválido.',
  'email-taken': 'Este e-mail já tem um usuário no console (de esta ou de outra conta).',
  'account-unknown': 'Conta desconhecida.',
  'password-too-short': 'Senha curta demais.',
  'password-too-long': 'Senha longa demais.',
};

/**
 * Console users through the admin API (issue 15, docs/decisions/0082): operators create an account's first
 * administrator by invitation and read the console's unsent mail (`pnpm ops user invite | user list | mail list`).
 * The rules live in libs/console-auth, the same code the console's own pages run.
 */
export function consoleUserRouter(options: {
  readonly db: Db;
  readonly clock: Clock;
  readonly act: AdminAct;
  readonly identityOf: (req: Request<Record<string, string>>) => AdminIdentity;
  readonly mail: ConsoleMailSettings;
}): Router {
  const { db, clock, act, mail } = options;
  const router = Router();

  const knownAccount = async (accountId: string): Promise<string> => {
    if (!isUuid(accountId) || (await getAccount(db, accountId)) === undefined) {
      throw new NotFoundError(`Conta ${accountId}`);
    }
    return accountId;
  };

  const invitationView = (invitation: Invitation): Record<string, unknown> => ({
    user_id: invitation.user.id,
    account_id: invitation.user.accountId,
    email: invitation.user.email,
    role: invitation.user.role,
    expires_at: invitation.expiresAt.toISOString(),
    mail_id: invitation.mailId,
    // Without SMTP the message is not sent by anyone: the operator hands the link over (never a fake success).
    mail: mail.smtpConfigured ? 'queued' : 'not-sent',
    ...(mail.smtpConfigured ? {} : { invitation_link: invitation.link }),
  });

  router.post(
    '/admin/v1/accounts/:accountId/users',
    act<{ accountId: string }>('console-user.invite', async (req, res) => {
      const accountId = await knownAccount(req.params.accountId);
      const body: unknown = req.body;
      const checkInvite = inviteValidator();
      if (!checkInvite(body)) throw new HttpError(422, transportMessage(422), adminFieldErrors(checkInvite.errors));
      if (!isConsoleRole(body.role)) {
        throw invalidField(
          'role',
          'role',
          'Perfil desconhecido: administrador, desenvolvimento, financeiro ou consulta.',
          body.role,
        );
      }
      try {
        const invitation = await inviteUser(db, clock, {
          accountId,
          email: body.email,
          role: body.role,
          consoleUrl: mail.consoleUrl,
          actor: { operator: options.identityOf(req).operator },
        });
        answer(
          res,
          201,
          mail.smtpConfigured
            ? 'Usuário convidado; o convite foi para a fila de e-mail.'
            : 'Usuário convidado. Sem SMTP configurado: entregue o link à pessoa.',
          invitationView(invitation),
        );
      } catch (error: unknown) {
        if (!(error instanceof InvalidConsoleUserError)) throw error;
        if (error.code === 'email-taken') throw new HttpError(409, USER_ERRORS[error.code]);
        throw invalidField('email', error.code, USER_ERRORS[error.code], body.email);
      }
    }),
  );

  router.post(
    '/admin/v1/accounts/:accountId/users/:userId/invitation',
    act<{ accountId: string; userId: string }>('console-user.reinvite', async (req, res) => {
      const accountId = await knownAccount(req.params.accountId);
      const userId = req.params.userId;
      const invitation = isUuid(userId)
        ? await resendInvitation(db, clock, {
            accountId,
            userId,
            consoleUrl: mail.consoleUrl,
            actor: { operator: options.identityOf(req).operator },
          })
        : undefined;
      if (invitation === undefined) throw new NotFoundError(`Convite pendente do usuário ${userId}`);
      answer(res, 201, 'Novo convite; o anterior não abre mais.', invitationView(invitation));
    }),
  );

  router.post(
    '/admin/v1/accounts/:accountId/users/:userId/second-factor/reset',
    act<{ accountId: string; userId: string }>('console-user.second-factor-reset', async (req, res) => {
      const accountId = await knownAccount(req.params.accountId);
      const userId = req.params.userId;
      const result = isUuid(userId)
        ? await resetUserSecondFactor(db, clock, {
            accountId,
            userId,
            actor: { operator: options.identityOf(req).operator },
          })
        : 'not-found';
      if (result === 'not-found') throw new NotFoundError(`Usuário ${userId}`);
      if (result === 'no-second-factor') throw new HttpError(409, 'Este usuário não tem segundo fator ativo.');
      answer(res, 200, 'Segundo fator removido; as sessões do usuário foram encerradas.', {
        user_id: userId,
        account_id: accountId,
        totp: false,
      });
    }),
  );

  router.get(
    '/admin/v1/accounts/:accountId/users',
    act<{ accountId: string }>('console-user.list', async (req, res) => {
      const accountId = await knownAccount(req.params.accountId);
      const users = await listAccountUsers(db, accountId);
      answer(res, 200, 'Usuários do console.', { account_id: accountId, users: users.map(userView) });
    }),
  );

  router.get(
    '/admin/v1/console-mail',
    act('console-mail.list', async (req, res) => {
      const account = req.query.account;
      if (account !== undefined && (typeof account !== 'string' || !isUuid(account))) {
        throw invalidField('account', 'uuid', 'O id de uma conta.');
      }
      const messages = await listUnsentMail(db, account === undefined ? {} : { accountId: account });
      answer(res, 200, mail.smtpConfigured ? 'Mensagens ainda não enviadas.' : 'Mensagens a entregar (sem SMTP).', {
        smtp_configured: mail.smtpConfigured,
        messages: messages.map((message) => ({
          mail_id: message.id,
          account_id: message.accountId,
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
          created_at: message.createdAt.toISOString(),
          attempts: message.attempts,
          last_error: message.lastError,
        })),
      });
    }),
  );

  return router;
}
