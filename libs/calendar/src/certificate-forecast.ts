import { addBusinessHours } from './business-hours';

/**
 * Contract 8, "Certificate term: about 4 registry business hours". The one place this number lives: the gateway's
 * `previsao_entrega_em` (contract 2.6, "already computed in registry business hours"), the `mensagem` of an `EM_EMISSAO`
 * certificate and the reconciler's re-check schedule all derive from `certificateForecast`.
 */
export const CERTIFICATE_TERM_BUSINESS_HOURS = 4;

/**
 * When the office is expected to deliver a certificate accepted at `acceptedAt`. `timeZone` is the OFFICE's zone, not
 * the client's nor the server's. An estimate: the contract says "about", and state or municipal holidays are not counted.
 */
export function certificateForecast(acceptedAt: Date, timeZone: string): Date {
  return addBusinessHours(acceptedAt, CERTIFICATE_TERM_BUSINESS_HOURS, timeZone);
}
