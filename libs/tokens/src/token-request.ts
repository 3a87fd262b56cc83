import { type Ambiente, isAmbiente, type ProductScope } from '@regapi/contracts';
import { isProductScope } from './access-token';
import { parseAllowedNetworks } from './allowed-networks';
import { MAX_TTL_DAYS, parseTtl } from './ttl';

/**
 * A customer's request for a token, as a form sends it (docs/decisions/0074): the rules live here so the console and
 * any other front end check the same things the database's CHECKs and the gateway rely on.
 */
export interface TokenRequestInput {
  readonly name: string;
  readonly scopes: readonly string[];
  /** A TTL (`90d`, parseTtl's form) or a last day `YYYY-MM-DD` (the token lives until 23:59:59 of that day, Brasília). */
  readonly expiry: string;
  /** One network per line; empty: any address. */
  readonly networks: string;
  /** `producao` or `teste` (the sandbox, docs/decisions/0099); absent: `producao`. */
  readonly ambiente?: string;
}

export interface TokenRequest {
  readonly name: string;
  readonly scopes: readonly ProductScope[];
  readonly ttlSeconds: number;
  readonly allowedNetworks: readonly string[] | null;
  readonly ambiente: Ambiente;
}

export type TokenRequestField = 'name' | 'scopes' | 'expiry' | 'networks' | 'ambiente';

export interface TokenRequestProblem {
  readonly field: TokenRequestField;
  readonly message: string;
}

export type TokenRequestResult =
  | { readonly ok: true; readonly request: TokenRequest }
  | { readonly ok: false; readonly problems: readonly TokenRequestProblem[] };

export const MAX_TOKEN_NAME_LENGTH = 80;

/** Brasília has kept UTC−3 all year since 2019: a chosen last day ends at 23:59:59 there. */
const BRASILIA_END_OF_DAY = 'T23:59:59-03:00';

export function checkTokenRequest(input: TokenRequestInput, now: Date): TokenRequestResult {
  const problems: TokenRequestProblem[] = [];
  const name = input.name.trim();
  const length = [...name].length;
  if (length === 0) problems.push({ field: 'name', message: 'Dê um nome ao token (ex.: "Integração do ERP").' });
  else if (length > MAX_TOKEN_NAME_LENGTH) {
    problems.push({ field: 'name', message: `O nome tem ${length} caracteres; o máximo é ${MAX_TOKEN_NAME_LENGTH}.` });
  } else if (/\p{Cc}/u.test(name)) {
    problems.push({ field: 'name', message: 'O nome não pode ter quebras de linha nem caracteres de controle.' });
  }
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) problems.push({ field: 'scopes', message: 'Escolha ao menos um produto.' });
  else if (!scopes.every(isProductScope)) problems.push({ field: 'scopes', message: 'Produto desconhecido.' });
  const ttlSeconds = tokenTtl(input.expiry, now);
  if (typeof ttlSeconds === 'string') problems.push({ field: 'expiry', message: ttlSeconds });
  const networks = parseAllowedNetworks(input.networks);
  if (!networks.ok) {
    for (const problem of networks.problems) problems.push({ field: 'networks', message: problem.message });
  }
  const ambiente = input.ambiente ?? 'producao';
  if (!isAmbiente(ambiente)) problems.push({ field: 'ambiente', message: 'Escolha produção ou teste (sandbox).' });
  if (problems.length > 0 || typeof ttlSeconds === 'string' || !networks.ok || !isAmbiente(ambiente)) {
    return { ok: false, problems };
  }
  const request = { name, scopes: scopes.filter(isProductScope), ttlSeconds, allowedNetworks: networks.networks };
  return { ok: true, request: { ...request, ambiente } };
}

/** Seconds from `now` until the chosen expiry, or the pt-BR problem. */
export function tokenTtl(expiry: string, now: Date): number | string {
  const text = expiry.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const end = new Date(`${text}${BRASILIA_END_OF_DAY}`);
    // `2026-02-30` parses in some engines by rolling over: the date must print back as typed.
    if (Number.isNaN(end.getTime()) || !sameBrasiliaDay(end, text)) return `"${text}" não é uma data válida.`;
    // From the whole second the token is issued at (issueToken's `iat`), so the day ends at 23:59:59 exactly.
    const seconds = Math.floor(end.getTime() / 1000) - Math.floor(now.getTime() / 1000);
    if (seconds < 60) return 'A data de validade deve ser futura.';
    if (seconds > MAX_TTL_DAYS * 86_400) return `A validade máxima é de ${MAX_TTL_DAYS} dias a partir de hoje.`;
    return seconds;
  }
  try {
    return parseTtl(text);
  } catch {
    return 'Escolha uma validade.';
  }
}

function sameBrasiliaDay(at: Date, day: string): boolean {
  const shifted = new Date(at.getTime() - 3 * 3_600_000);
  return shifted.toISOString().slice(0, 10) === day;
}
