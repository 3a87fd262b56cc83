export { type ConsoleAuditEntry, type ConsoleAuthAction, writeConsoleAudit } from './audit';
export { csrfTokenFor, verifyCsrf } from './csrf';
export { DEFAULT_LOCKOUT_POLICY, type LockoutPolicy, lockDurationMs } from './lockout';
export { hashPassword, PASSWORD_HASH_PARAMETERS, PASSWORD_LENGTH, verifyPassword } from './password';
export {
  CONSOLE_PERMISSIONS,
  CONSOLE_ROLES,
  type ConsolePermission,
  type ConsoleRole,
  can,
  isConsoleRole,
} from './permissions';
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
} from './sessions';
export { type ConsoleAuthDeps, type SignInResult, signIn } from './sign-in';
export { signOut } from './sign-out';
export {
  type ConsoleUser,
  createUser,
  InvalidConsoleUserError,
  type NewConsoleUser,
  normalizeEmail,
} from './users';
