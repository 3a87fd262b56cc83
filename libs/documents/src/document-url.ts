/** The path of an order's archived document (contract 4): authenticated with the same bearer; never expires. */
export function documentPath(protocolo: string): string {
  return `/v1/consultas/${protocolo}/documento`;
}

/**
 * `documento_url` of a result (contract 2.5, 2.6; docs/decisions/0031): absolute under PUBLIC_BASE_URL when it is set (the
 * address clients reach the gateway at), else the path alone, relative to the API's base like `consultar_em`.
 */
export function documentUrl(protocolo: string, publicBaseUrl?: string): string {
  const path = documentPath(protocolo);
  return publicBaseUrl === undefined ? path : `${publicBaseUrl.replace(/\/+$/, '')}${path}`;
}
