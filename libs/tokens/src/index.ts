export {
  type AccessClaims,
  COMPACT_JWT,
  isProductScope,
  type SignInput,
  signAccessToken,
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOKEN_TYPE,
  verifyAccessToken,
} from './access-token';
export {
  type AllowedNetworksResult,
  allowedNetworkMatcher,
  connectionAddress,
  MAX_ALLOWED_NETWORKS,
  type NetworkProblem,
  parseAllowedNetworks,
  parseNetwork,
} from './allowed-networks';
export {
  type ApiTokenRecord,
  findAccountToken,
  findApiToken,
  insertApiToken,
  listAccountTokens,
  recordTokenUse,
  revokeAccountToken,
  revokeApiToken,
} from './api-token-store';
export { type ConsoleSessionRef, consoleSessionToken, revokeConsoleSessionTokens } from './console-session-token';
export { type IssuedToken, type IssueTokenInput, issueToken } from './issue-token';
export {
  createKeyring,
  InvalidKeyringError,
  type JwtKeyring,
  KID_PATTERN,
  MIN_SECRET_LENGTH,
  parseJwtKeys,
} from './jwt-keyring';
export { jwtKeysConfig, keyringFromConfig } from './keyring-config';
export { type PresentedToken, prefixedToken, presentedToken, TOKEN_PREFIXES } from './token-prefix';
export { InvalidTokenError, type TokenRefusal } from './token-refusal';
export {
  checkTokenRequest,
  MAX_TOKEN_NAME_LENGTH,
  type TokenRequest,
  type TokenRequestField,
  type TokenRequestInput,
  type TokenRequestProblem,
  type TokenRequestResult,
  tokenTtl,
} from './token-request';
export { DEFAULT_TTL, InvalidTtlError, MAX_TTL_DAYS, parseTtl } from './ttl';
