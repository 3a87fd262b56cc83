export {
  type ConsoleAuditEntry,
  type ConsoleAuditRow,
  type ConsoleAuthAction,
  type ConsoleTokenAction,
  readConsoleAudit,
  writeConsoleAudit,
} from './audit';
export {
  consoleMailConfig,
  consoleMailSettingsFrom,
  DEFAULT_CONSOLE_URL,
  gatewayConsoleMailConfig,
  gatewayConsoleMailSettingsFrom,
} from './console-mail-config';
export { csrfTokenFor, verifyCsrf } from './csrf';
export {
  acceptInvitation,
  type Invitation,
  inviteUser,
  type LinkActor,
  requestPasswordReset,
  resendInvitation,
  resetPassword,
  type SetPasswordResult,
} from './invitations';
export { DEFAULT_LOCKOUT_POLICY, type LockoutPolicy, lockDurationMs } from './lockout';
export {
  type ConsoleMail,
  DEFAULT_MAIL_RETRY,
  listUnsentMail,
  type MailRetryPolicy,
  type MailTransport,
  mailRetryDelayMs,
  queueMail,
  sendDueMail,
  type UnsentMail,
} from './mail-outbox';
export {
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  type MyAccountResult,
  pendingTotpSecret,
  totpEnabled,
} from './my-account';
export {
  LINK_LIFETIME_MS,
  LINK_PATH,
  type LinkPurpose,
  type LinkState,
  linkState,
  mintLink,
} from './one-time-links';
export { hashPassword, PASSWORD_HASH_PARAMETERS, PASSWORD_LENGTH, verifyPassword } from './password';
export {
  CONSOLE_PERMISSIONS,
  CONSOLE_ROLES,
  type ConsolePermission,
  type ConsoleRole,
  can,
  isConsoleRole,
} from './permissions';
export { completeSecondFactor, SECOND_FACTOR_LIFETIME_MS, type SecondFactorResult } from './second-factor';
export { sessionIdOf } from './session-token';
export {
  type ConsoleSession,
  createSession,
  DEFAULT_SESSION_LIFETIME,
  type NewSession,
  revokeSession,
  revokeUserSessions,
  type SessionLifetime,
  sessionOf,
  setSessionAmbiente,
} from './sessions';
export { type ConsoleAuthDeps, type SignInResult, signIn } from './sign-in';
export { signOut } from './sign-out';
export { type SmtpSettings, smtpTransport } from './smtp';
export { acceptedTotpStep, newTotpSecret, totpCodeAt, totpStep, totpUri } from './totp';
export { openTotpSecret, parseTotpKey, sealTotpSecret, type TotpKey, TotpKeyError } from './totp-secret-box';
export {
  type AccountUser,
  accountUser,
  changeUserRole,
  disableUser,
  listAccountUsers,
  resetUserSecondFactor,
  type UserChangeResult,
} from './user-admin';
export {
  type ConsoleUser,
  createUser,
  InvalidConsoleUserError,
  type NewConsoleUser,
  normalizeEmail,
  passwordProblem,
} from './users';
export {
  queueWatchChangeMails,
  setWatchChangeMail,
  type WatchChangeMail,
  watchChangeMailOn,
} from './watch-change-mail';
