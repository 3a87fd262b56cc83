/**
 * Whether a webhook URL may be registered and called (docs/decisions/0095, 0141): https (http only where
 * WEBHOOKS_ALLOW_HTTP allows it, for tests and local runs), no credentials in it. The problem as a sentence in
 * Portuguese, shown to the customer as it is (a 422's `mensagem`, an attempt's `erro`), or undefined. The gateway and
 * the console check it at registration, the webhooks service again before every attempt; the address the name
 * resolves to is the service's check.
 */
export function checkWebhookUrl(url: string, policy: { readonly allowHttp: boolean }): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Não é uma URL válida: use https://servidor/caminho.';
  }
  if (parsed.protocol !== 'https:' && !(policy.allowHttp && parsed.protocol === 'http:'))
    return `A URL deve começar com https:// (recebido ${parsed.protocol}//).`;
  if (parsed.username !== '' || parsed.password !== '')
    return 'A URL não pode trazer usuário nem senha: a assinatura webhook-signature autentica cada aviso.';
  return undefined;
}
