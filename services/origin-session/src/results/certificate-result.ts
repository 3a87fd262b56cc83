import { finishedResultMessage } from '@regapi/contracts';
import type { CertificateIssued } from '@regapi/origin';

/** `data[0]` of `certidao-inteiro-teor` (contract 2.6, 8 fields in 2 blocks). */
export interface CertificateResultData {
  readonly status_consulta: 'EM_EMISSAO' | 'SUCESSO' | 'INDISPONIVEL' | null;
  /** State of the DOCUMENT (`Emitida`), not a verdict. */
  readonly status: 'Emitida' | null;
  readonly previsao_entrega_em: string | null;
  readonly documento_url: string | null;
  readonly certidao_codigo: string | null;
  readonly mensagem: string;
  readonly site_receipts: readonly string[];
  readonly identificadores: { readonly numero_pedido: string | null };
}

/**
 * How the forecast was made, so the text states the rule the date obeys:
 * - `registry-business-hours`: contract 2.6, about 4 business hours of the office (09:00 to 16:00, Monday to Friday);
 * - `origin-forecast`: the sandbox's punctual simulator issues exactly at the forecast it reports, 4 plain hours
 *   compressed, any day and hour (docs/decisions/0099, 0147): promising business hours there would contradict the date.
 */
export type CertificateTerm = 'registry-business-hours' | 'origin-forecast';

const TERM_TEXT: Readonly<Record<CertificateTerm, string>> = {
  'registry-business-hours': 'Prazo de cerca de 4 horas úteis do cartório (09:00 às 16:00, segunda a sexta)',
  'origin-forecast':
    'Sandbox: o cartório simulado emite exatamente na previsão que informa, em horas corridas comprimidas, a qualquer dia e hora',
};

/** Protocolled: the office issues it by `forecast`, computed as `term` says. */
export function certificateInIssueData(
  numeroPedido: string,
  forecast: Date,
  timeZone: string,
  term: CertificateTerm,
): CertificateResultData {
  return {
    status_consulta: 'EM_EMISSAO',
    status: null,
    previsao_entrega_em: forecast.toISOString(),
    documento_url: null,
    certidao_codigo: null,
    mensagem:
      `Certidão protocolada no cartório sob o número ${numeroPedido}. ${TERM_TEXT[term]}; ` +
      `previsão de entrega em ${localTime(forecast, timeZone)} (horário do cartório).`,
    site_receipts: [],
    identificadores: { numero_pedido: numeroPedido },
  };
}

export function certificateIssuedData(certificate: CertificateIssued, forecast: string | null): CertificateResultData {
  return {
    status_consulta: 'SUCESSO',
    status: 'Emitida',
    previsao_entrega_em: forecast,
    documento_url: null,
    certidao_codigo: certificate.codigoValidacao,
    mensagem:
      `Certidão de inteiro teor emitida e assinada digitalmente pelo oficial do ${certificate.cartorio.nome}: tem fé ` +
      `pública. Autenticidade verificável com o código ${certificate.codigoValidacao}.`,
    // Contract 2.6: the origin's PDF URL, valid 7 days.
    site_receipts: [certificate.document.url],
    identificadores: { numero_pedido: certificate.numeroPedido },
  };
}

/** Contract 2.6: accepted without a protocol — nothing can ever be downloaded; the amount is returned in full. */
export function certificateUnavailableData(originMessage: string): CertificateResultData {
  return {
    status_consulta: 'INDISPONIVEL',
    status: null,
    previsao_entrega_em: null,
    documento_url: null,
    certidao_codigo: null,
    // Contract 2.6 and 7.3: 618, refunded in full; the text is the one table's (libs/contracts result-messages).
    mensagem: `${finishedResultMessage(618, 'certidao-inteiro-teor', 'devolvido')} Origem: ${originMessage}`,
    site_receipts: [],
    identificadores: { numero_pedido: null },
  };
}

function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
