import { ConfigError, env } from '@regapi/config';
import { createKeyring, InvalidKeyringError, type JwtKeyring, parseJwtKeys } from './jwt-keyring';

/**
 * The variables of the keyring tokens are signed and verified with (docs/decisions/0015), read the same way by every
 * process that holds it: the gateway (verifies, and signs for the ops CLI) and the console (signs the tokens it issues).
 */
export const jwtKeysConfig = {
  /** `kid1:secret1,kid2:secret2`: every key that verifies tokens. Required. */
  JWT_KEYS: env.string(),
  /** The kid that signs new tokens; optional when JWT_KEYS holds one key. */
  JWT_ACTIVE_KID: env.optionalString(),
};

/** The keyring from the loaded variables; a key list that cannot be used is a ConfigError naming its variable. */
export function keyringFromConfig(config: {
  readonly JWT_KEYS: string;
  readonly JWT_ACTIVE_KID: string | undefined;
}): JwtKeyring {
  try {
    return createKeyring(parseJwtKeys(config.JWT_KEYS), config.JWT_ACTIVE_KID);
  } catch (error: unknown) {
    if (error instanceof InvalidKeyringError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}
