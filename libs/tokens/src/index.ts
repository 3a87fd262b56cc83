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
  type ApiTokenRecord,
  findApiToken,
  insertApiToken,
  listAccountTokens,
  revokeApiToken,
} from './api-token-store';
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
export { InvalidTokenError, type TokenRefusal } from './token-refusal';
export { DEFAULT_TTL, InvalidTtlError, MAX_TTL_DAYS, parseTtl } from './ttl';
