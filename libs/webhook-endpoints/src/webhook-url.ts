/**
 * Whether a webhook URL may be registered and called (docs/decisions/0095): https (http only where a setting allows
 * it, for tests and local runs), no credentials in it. The problem in a few words, or undefined. The gateway checks it
 * at registration, the webhooks service again before every attempt; the address it resolves to is the service's check.
 */
export function checkWebhookUrl(url: string, policy: { readonly allowHttp: boolean }): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' && !(policy.allowHttp && parsed.protocol === 'http:')) return 'https is required';
  if (parsed.username !== '' || parsed.password !== '') return 'credentials in the URL are not accepted';
  return undefined;
}
