export { type AdminThrottleSettings, DEFAULT_ADMIN_THROTTLE } from './admin/admin-throttle';
export { type AccessClaims, signAccessToken, TOKEN_ALGORITHM, verifyAccessToken } from './auth/access-token';
export { type ApiTokenRecord, findApiToken, revokeApiToken } from './auth/api-token-store';
export { type AuthContext, authOf } from './auth/auth-context';
export { authenticate } from './auth/authenticate';
export { type IssuedToken, type IssueTokenInput, issueToken } from './auth/issue-token';
export { createKeyring, InvalidKeyringError, type JwtKeyring, parseJwtKeys } from './auth/jwt-keyring';
export { requireScope } from './auth/require-scope';
export { createTokenAuthority, type TokenAuthority } from './auth/token-authority';
export { InsufficientScopeError, type TokenRefusal, UnauthorizedError } from './auth/token-errors';
export {
  adminTokenProblem,
  DEFAULT_TOKEN_CACHE_MS,
  type GatewaySettings,
  gatewayConfig,
  gatewaySettingsFrom,
  MAX_TOKEN_CACHE_MS,
} from './config/gateway-config';
export { gatewayProcessConfig } from './config/gateway-process-config';
export { getProductStatus, isProductEnabled, type ProductStatus, setProductEnabled } from './products/product-status';
export { createGateway, type GatewayDeps } from './service';
