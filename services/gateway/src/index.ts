export {
  type AccessClaims,
  type ApiTokenRecord,
  createKeyring,
  findApiToken,
  InvalidKeyringError,
  type IssuedToken,
  type IssueTokenInput,
  issueToken,
  type JwtKeyring,
  parseJwtKeys,
  revokeApiToken,
  signAccessToken,
  TOKEN_ALGORITHM,
  verifyAccessToken,
} from '@regapi/tokens';
export { type AdminThrottleSettings, DEFAULT_ADMIN_THROTTLE } from './admin/admin-throttle';
export { type AuthContext, authOf } from './auth/auth-context';
export { authenticate } from './auth/authenticate';
export { requireScope } from './auth/require-scope';
export { createTokenAuthority, type TokenAuthority } from './auth/token-authority';
export { InsufficientScopeError, type TokenRefusal, UnauthorizedError } from './auth/token-errors';
export { BATCH_BODY_LIMIT } from './batches/batch-router';
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
export { DEFAULT_SANDBOX_BALANCE, type SandboxBalanceSettings } from './sandbox/sandbox-balance';
export { createGateway, type GatewayDeps, type SandboxDeps } from './service';
