import { transportMessage } from '@regapi/contracts';
import { HttpError } from '@regapi/http';
import type { TokenRefusal } from '@regapi/tokens';

export type { TokenRefusal };

const MESSAGES: Readonly<Record<TokenRefusal, string>> = {
  missing: 'Token ausente. Envie o cabeçalho Authorization: Bearer <token>.',
  malformed: 'Token malformado. Envie Authorization: Bearer <token> com o token exatamente como emitido.',
  in_query_string:
    'Token na query string é recusado (spec 5.3): envie-o só no cabeçalho Authorization e considere-o vazado.',
  unsupported_algorithm: 'Token malformado: algoritmo de assinatura não aceito.',
  unknown_kid: 'Token assinado com uma chave desconhecida ou já retirada. Peça um novo token.',
  bad_signature: 'Assinatura do token inválida.',
  expired: 'Token expirado. Peça um novo token.',
  revoked: 'Token revogado. Peça um novo token.',
  unknown_token: 'Token desconhecido. Peça um novo token.',
  admin_token_invalid: 'Token de administração inválido.',
  production_token_labelled_teste:
    'Este token é de PRODUÇÃO, mas chegou com o prefixo de teste (regapi_teste_): um token não vale no ambiente de outro. Envie-o exatamente como emitido (regapi_producao_…); para o sandbox, use um token de teste.',
  teste_token_labelled_production:
    'Este token é de TESTE (sandbox), mas chegou com o prefixo de produção (regapi_producao_): um token não vale no ambiente de outro. Envie-o exatamente como emitido (regapi_teste_…); para produção, use um token de produção.',
};

/** RFC 6750 3: the challenge of a 401. A request without credentials gets no error code; a bad token does. */
export function bearerChallenge(realm: string, refusal?: TokenRefusal): string {
  return refusal === undefined || refusal === 'missing'
    ? `Bearer realm="${realm}"`
    : `Bearer realm="${realm}", error="invalid_token"`;
}

/** 401 (contract 5.4): token missing, malformed, revoked or expired; always with `WWW-Authenticate: Bearer`. */
export class UnauthorizedError extends HttpError {
  constructor(
    readonly refusal: TokenRefusal,
    realm = 'regapi',
  ) {
    super(401, MESSAGES[refusal], [], { 'WWW-Authenticate': bearerChallenge(realm, refusal) });
  }
}

/** 403 (contract 5.4): a valid token without the product's scope, on that product's quote and execution. */
export class InsufficientScopeError extends HttpError {
  constructor(readonly scope: string) {
    super(403, transportMessage(403).replace('consultas:{fonte}', scope), [], {
      'WWW-Authenticate': `Bearer realm="regapi", error="insufficient_scope", scope="${scope}"`,
    });
  }
}

/** The pt-BR message of a refusal by the token's IP allow-list (docs/decisions/0074). */
export const NETWORK_NOT_ALLOWED_MESSAGE =
  'O endereço de origem desta conexão não está na lista de redes permitidas deste token. Chame a API de uma rede permitida ou ajuste a lista no console.';

/**
 * 403 (docs/decisions/0074): a valid token used from an address outside its allow-list, on any /v1 route. No
 * `WWW-Authenticate`: another token would not help, another network would.
 */
export class NetworkNotAllowedError extends HttpError {
  constructor() {
    super(403, NETWORK_NOT_ALLOWED_MESSAGE);
  }
}
