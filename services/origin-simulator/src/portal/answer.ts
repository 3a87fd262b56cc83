import { WIRE_ERRORS, type WireError, type WireErrorCode } from '@regapi/origin';

/** What a handler decided to answer; the HTTP layer writes it. Handlers never touch `res`. */
export type Answer =
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'html'; readonly status: number; readonly body: string }
  | { readonly kind: 'bytes'; readonly status: number; readonly body: Uint8Array; readonly contentType: string };

export function json(status: number, body: unknown, headers?: Record<string, string>): Answer {
  return headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
}

const MESSAGES: Readonly<Record<WireErrorCode, string>> = {
  CREDENCIAIS_INVALIDAS: 'Usuário ou senha inválidos.',
  SESSAO_EXPIRADA: 'Sua sessão expirou. Faça login novamente.',
  SESSAO_INEXISTENTE: 'Nenhuma sessão ativa. Faça login.',
  SESSAO_OCUPADA: 'Já existe uma operação em andamento nesta sessão.',
  ACESSO_BLOQUEADO: 'Acesso bloqueado. Procure o suporte.',
  DESAFIO_CAPTCHA: 'Confirme que você não é um robô.',
  EXCESSO_TENTATIVAS: 'Muitas tentativas. Aguarde antes de tentar novamente.',
  SOBRECARGA: 'Sistema sobrecarregado. Tente novamente em instantes.',
  SERVICO_INDISPONIVEL: 'Serviço temporariamente indisponível.',
  CARTORIO_FORA_DO_AR: 'Cartório fora do ar no momento. Os demais cartórios atendem normalmente.',
  SERVICO_INVALIDO: 'Serviço solicitado inválido.',
  TEMPO_ESGOTADO: 'Tempo de resposta esgotado.',
  DADOS_RECUSADOS: 'Os dados do pedido foram recusados.',
  DADOS_ALTERADOS: 'Os dados foram alterados no cartório. Consulte novamente.',
  EMISSAO_INDISPONIVEL_INTERNET: 'Este cartório não emite este documento pela internet.',
  MATRICULA_NAO_ENCONTRADA: 'Matrícula não encontrada neste cartório.',
  PEDIDO_REPETIDO: 'Já existe pedido para esta matrícula e cartório.',
  ERRO_COMPROVANTE: 'Não foi possível gerar o comprovante da pesquisa.',
  PEDIDO_NAO_ENCONTRADO: 'Pedido não encontrado.',
  LINK_EXPIRADO: 'Este link expirou.',
  ARQUIVO_NAO_ENCONTRADO: 'Arquivo não encontrado.',
};

/** An error answer of the portal: `erro` + a Portuguese message + details. */
export function wireError(
  status: number,
  erro: WireErrorCode,
  extra: Omit<WireError, 'erro'> = {},
  headers?: Record<string, string>,
): Answer {
  return json(status, { erro, mensagem: MESSAGES[erro], ...extra }, headers);
}

export function isSessionError(answer: Answer): boolean {
  if (answer.kind !== 'json' || typeof answer.body !== 'object' || answer.body === null) return false;
  const erro = 'erro' in answer.body ? answer.body.erro : undefined;
  return erro === WIRE_ERRORS.sessionExpired || erro === WIRE_ERRORS.sessionMissing;
}

/** What a proxy shows when the portal is down: HTML, not the portal's JSON. */
export const MAINTENANCE_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Sistema em manutenção</title></head>
<body><h1>Sistema temporariamente indisponível</h1><p>Estamos em manutenção. Tente novamente mais tarde.</p></body></html>`;
