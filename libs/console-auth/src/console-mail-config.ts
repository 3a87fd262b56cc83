import { ConfigError, env, type Reader } from '@regapi/config';
import type { SmtpSettings } from './smtp';
import { parseTotpKey, type TotpKey, TotpKeyError } from './totp-secret-box';

/** The console's standalone address (decision 0080): the links' default base. */
export const DEFAULT_CONSOLE_URL = 'http://127.0.0.1:8085';

const optionalTotpKey: Reader<TotpKey | undefined> = (source, name) => {
  const value = source[name]?.trim();
  if (value === undefined || value === '') return undefined;
  try {
    return parseTotpKey(value);
  } catch (error: unknown) {
    if (error instanceof TotpKeyError) throw new ConfigError(name, error.message);
    throw error;
  }
};

/**
 * The console process's variables for links, mail and TOTP (docs/decisions/0082, 0083), to spread into its config
 * shape. SMTP_URL unset: nothing is sent; messages wait for an operator (`pnpm ops mail list`).
 */
export const consoleMailConfig = {
  /** The console's public URL; invitation and reset links start with it. */
  CONSOLE_PUBLIC_URL: env.url(['http:', 'https:'], DEFAULT_CONSOLE_URL),
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  SMTP_URL: env.optionalUrl(['smtp:', 'smtps:']),
  /** The From of the console's mail. */
  SMTP_FROM: env.string('Console regapi <nao-responda@localhost>'),
  /** 32 bytes (64 hex or 43 base64url characters): seals TOTP secrets at rest. Unset: stored in clear. */
  CONSOLE_TOTP_KEY: optionalTotpKey,
};

/** The variables the GATEWAY reads for its admin API's invitations: where links point, whether the console sends mail. */
export const gatewayConsoleMailConfig = {
  CONSOLE_PUBLIC_URL: env.url(['http:', 'https:'], DEFAULT_CONSOLE_URL),
  /** Set it to true exactly when the console processes have SMTP_URL: invitations then say `queued`, not the link. */
  CONSOLE_SMTP_CONFIGURED: env.boolean(false),
};

export function consoleMailSettingsFrom(config: {
  readonly CONSOLE_PUBLIC_URL: string;
  readonly SMTP_URL: string | undefined;
  readonly SMTP_FROM: string;
  readonly CONSOLE_TOTP_KEY: TotpKey | undefined;
}): { publicUrl: string; smtp?: SmtpSettings; totpKey?: TotpKey } {
  return {
    publicUrl: config.CONSOLE_PUBLIC_URL.replace(/\/+$/, ''),
    ...(config.SMTP_URL === undefined ? {} : { smtp: { url: config.SMTP_URL, from: config.SMTP_FROM } }),
    ...(config.CONSOLE_TOTP_KEY === undefined ? {} : { totpKey: config.CONSOLE_TOTP_KEY }),
  };
}

export function gatewayConsoleMailSettingsFrom(config: {
  readonly CONSOLE_PUBLIC_URL: string;
  readonly CONSOLE_SMTP_CONFIGURED: boolean;
}): { consoleUrl: string; smtpConfigured: boolean } {
  return { consoleUrl: config.CONSOLE_PUBLIC_URL.replace(/\/+$/, ''), smtpConfigured: config.CONSOLE_SMTP_CONFIGURED };
}
