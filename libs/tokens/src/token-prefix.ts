import { AMBIENTES, type Ambiente } from '@regapi/contracts';

/**
 * The visible environment of a token (issue 29 item 5, docs/decisions/0146): every token issued carries its
 * environment's prefix before the JWT, so a person, a log scrubber or a secret scanner tells a production token from
 * a sandbox one at a glance. The prefix is a label, not the authority: the token's row says its environment, and a
 * token whose label disagrees with its row is refused (`presentedToken` + the gateway's authority). A token issued
 * before the prefixes existed is the bare JWT and keeps working.
 */
export const TOKEN_PREFIXES: Readonly<Record<Ambiente, string>> = Object.freeze({
  producao: 'regapi_producao_',
  teste: 'regapi_teste_',
});

/** The text handed to whoever asked for the token: its environment's prefix, then the signed JWT. */
export function prefixedToken(ambiente: Ambiente, jwt: string): string {
  return `${TOKEN_PREFIXES[ambiente]}${jwt}`;
}

/** A token as a client presented it: the JWT, and the environment its prefix names (none on a pre-prefix token). */
export interface PresentedToken {
  readonly jwt: string;
  readonly labelled?: Ambiente;
}

/** Splits a presented token into its label and its JWT. Anything without a known prefix is taken as a bare JWT. */
export function presentedToken(text: string): PresentedToken {
  for (const ambiente of AMBIENTES) {
    const prefix = TOKEN_PREFIXES[ambiente];
    if (text.startsWith(prefix)) return { jwt: text.slice(prefix.length), labelled: ambiente };
  }
  return { jwt: text };
}
