import { randomUUID } from 'node:crypto';
import { isUuid } from '@regapi/contracts';
import {
  type ApiTokenRecord,
  checkTokenRequest,
  findAccountToken,
  findApiToken,
  issueToken,
  listAccountTokens,
  revokeAccountToken,
} from '@regapi/tokens';
import type { Request, Response } from 'express';
import { type ConsoleSession, type ConsoleTokenAction, can, writeConsoleAudit } from '../../auth';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { formField, formFields, notFound, queryParam, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { earlierUseOfForm } from '../single-use-form';
import {
  COPY_SCRIPT,
  COPY_SCRIPT_SOURCE,
  EMPTY_TOKEN_FORM,
  EXPIRY_CHOICES,
  formUsedPage,
  revokeConfirmPage,
  type TokenFormValues,
  type TokenFormView,
  tokenFormPage,
  tokenListPage,
  tokenSecretPage,
} from './tokens-pages';

const EXPIRY_VALUES: ReadonlySet<string> = new Set(EXPIRY_CHOICES.map((choice) => choice.value));

/**
 * The Tokens area (issue 15, docs/decisions/0074): the account's tokens (tokens:read), creating one whose secret is
 * shown once (tokens:manage), revoking one (tokens:manage). Every action is in the console's audit trail. Tokens are
 * issued, listed and revoked through libs/tokens only, always within the viewer's account: another account's token
 * id is a 404.
 */
export const tokensArea: ConsoleArea = (router, context) => {
  router.get(COPY_SCRIPT, (_req, res) => {
    res.status(200).type('text/javascript').send(COPY_SCRIPT_SOURCE);
  });

  router.get('/tokens', ...context.guard.page('tokens:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const tokens = await listAccountTokens(context.db, viewer.accountId);
    const revoked = queryParam(req, 'revogado');
    const revokedToken = revoked === undefined ? undefined : tokens.find((token) => token.id === revoked);
    sendPage(
      res,
      200,
      tokenListPage({
        viewer,
        tokens,
        emails: await creatorEmails(context, viewer.accountId, tokens),
        now: context.clock.now(),
        canManage: can(viewer.role, 'tokens:manage'),
        ...(revokedToken === undefined ? {} : { notice: `Token “${revokedToken.name ?? revokedToken.id}” revogado.` }),
      }),
    );
  });

  // A new token is a test token in test mode (decision 0146) or when the home page's first steps ask for one with
  // `?ambiente=teste` (decision 0148); otherwise the person chooses.
  router.get('/tokens/novo', ...context.guard.page('tokens:manage'), (req, res) => {
    const viewer = viewerOf(res);
    const ambiente = req.query.ambiente === 'teste' ? 'teste' : viewer.ambiente;
    const values = { ...EMPTY_TOKEN_FORM, ambiente };
    sendPage(res, 200, tokenFormPage({ viewer, formId: randomUUID(), values, problems: [] }));
  });

  router.post('/tokens', ...context.guard.form('tokens:manage'), async (req, res) => {
    await createToken(context, req, res);
  });

  router.get('/tokens/:id/revogar', ...context.guard.page('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const token = await accountToken(context, viewer, req.params.id);
    if (token === undefined) {
      notFound(res);
      return;
    }
    sendPage(res, 200, revokeConfirmPage(viewer, token, context.clock.now()));
  });

  router.post('/tokens/:id/revogar', ...context.guard.form('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const tokenId: unknown = req.params.id;
    if (typeof tokenId !== 'string' || !isUuid(tokenId)) {
      notFound(res);
      return;
    }
    const now = context.clock.now();
    const revoked = await context.db.transaction().execute(async (trx) => {
      const result = await revokeAccountToken(trx, viewer.accountId, tokenId, now);
      if (result?.revokedNow === true) await audit(trx, viewer, 'token.revoke', result.token, now, {});
      return result;
    });
    if (revoked === undefined) {
      notFound(res);
      return;
    }
    res.redirect(303, `/tokens?revogado=${revoked.token.id}`);
  });
};

async function accountToken(
  context: ConsoleContext,
  viewer: ConsoleSession,
  tokenId: unknown,
): Promise<ApiTokenRecord | undefined> {
  if (typeof tokenId !== 'string' || !isUuid(tokenId)) return undefined;
  return findAccountToken(context.db, viewer.accountId, tokenId);
}

/** The e-mails of the account's users who created these tokens (never another account's users). */
async function creatorEmails(
  context: ConsoleContext,
  accountId: string,
  tokens: readonly ApiTokenRecord[],
): Promise<Map<string, string>> {
  const ids = [...new Set(tokens.map((token) => token.createdBy).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await context.db
    .selectFrom('console_user')
    .select(['id', 'email'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((user) => [user.id, user.email]));
}

function formValues(req: Request): TokenFormValues {
  return {
    name: formField(req, 'nome') ?? '',
    scopes: formFields(req, 'escopos'),
    expiry: formField(req, 'validade') ?? '',
    expiryDate: formField(req, 'validade_data') ?? '',
    networks: formField(req, 'redes') ?? '',
    ambiente: formField(req, 'ambiente') ?? 'producao',
  };
}

/**
 * POST /tokens. The form is single-use (earlierUseOfForm): a form that already created a token creates nothing and
 * shows no secret — a double click, a refresh or a browser's resubmission gets the "already used" page (409).
 */
async function createToken(context: ConsoleContext, req: Request, res: Response): Promise<void> {
  const viewer = viewerOf(res);
  const values = formValues(req);
  const formId = formField(req, 'formulario');
  const again = (status: number, view: Omit<TokenFormView, 'viewer' | 'values'>) =>
    sendPage(res, status, tokenFormPage({ viewer, values, ...view }));
  if (formId === undefined || !isUuid(formId)) {
    again(400, {
      formId: randomUUID(),
      problems: [{ field: 'form', message: 'O formulário veio incompleto. Confira os campos e envie de novo.' }],
    });
    return;
  }
  const now = context.clock.now();
  const expiry = values.expiry === 'data' ? values.expiryDate : values.expiry;
  const checked = checkTokenRequest(
    {
      name: values.name,
      scopes: values.scopes,
      expiry: EXPIRY_VALUES.has(values.expiry) ? expiry : '',
      networks: values.networks,
      ambiente: values.ambiente,
    },
    now,
  );
  if (!checked.ok) {
    again(422, { formId, problems: checked.problems });
    return;
  }
  const { request } = checked;
  const outcome = await context.db.transaction().execute(async (trx) => {
    const earlier = await earlierUseOfForm(trx, viewer.accountId, 'token.create', formId);
    if (earlier !== undefined) return { used: true as const, tokenId: earlier.target };
    const issued = await issueToken(trx, context.keyring, context.clock, {
      accountId: viewer.accountId,
      scopes: request.scopes,
      ttlSeconds: request.ttlSeconds,
      name: request.name,
      createdBy: viewer.userId,
      ambiente: request.ambiente,
      ...(request.allowedNetworks === null ? {} : { allowedNetworks: request.allowedNetworks }),
    });
    const token = await findApiToken(trx, issued.tokenId);
    if (token === undefined) throw new Error(`token ${issued.tokenId} vanished in its own transaction`);
    await audit(trx, viewer, 'token.create', token, now, { formulario: formId });
    return { used: false as const, token, secret: issued.token };
  });
  if (outcome.used) {
    const token =
      outcome.tokenId === null ? undefined : await findAccountToken(context.db, viewer.accountId, outcome.tokenId);
    sendPage(res, 409, formUsedPage(viewer, token));
    return;
  }
  context.logger.info({ tokenId: outcome.token.id, userId: viewer.userId }, 'console token created');
  sendPage(res, 200, tokenSecretPage(viewer, outcome.token, outcome.secret));
}

async function audit(
  db: ConsoleContext['db'],
  viewer: ConsoleSession,
  action: ConsoleTokenAction,
  token: ApiTokenRecord,
  at: Date,
  extra: Record<string, string>,
): Promise<void> {
  await writeConsoleAudit(db, {
    accountId: viewer.accountId,
    userId: viewer.userId,
    action,
    target: token.id,
    at,
    params: {
      ...extra,
      nome: token.name,
      escopos: token.scopes.join(' '),
      expira_em: token.expiresAt.toISOString(),
      redes: token.allowedNetworks === null ? null : token.allowedNetworks.join(' '),
      ambiente: token.ambiente,
    },
  });
}
