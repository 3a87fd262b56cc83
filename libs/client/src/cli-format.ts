// What the command line prints: JSON for scripts (`--json`), short lines for people, and the progress line with the
// ETA (stderr, only on a terminal).
import {
  RegapiError,
  RegapiHttpError,
  RegapiNetworkError,
  ResultError,
  ValidationError,
  WaitTimeoutError,
} from './errors';
import type { WaitProgress } from './polling';
import type { Finished, Running } from './types';

/** Exit codes of `regapi` (README "Exit codes"). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  stillRunning: 3,
  resultFailed: 4,
  refused: 5,
  noAnswer: 6,
} as const;

export function exitCodeOf(error: unknown): number {
  if (error instanceof ResultError) return EXIT.resultFailed;
  if (error instanceof WaitTimeoutError) return EXIT.stillRunning;
  if (error instanceof RegapiNetworkError) return EXIT.noAnswer;
  if (error instanceof RegapiError) return EXIT.refused;
  return EXIT.failure;
}

/**
 * An error as JSON: what became of the money and how to retry, plus the API's envelope when there was one.
 * `executionKey`: the Idempotency-Key of the execution this command sent, for failures that came after it (a failed
 * result while waiting) and so do not carry it themselves.
 */
export function errorJson(error: unknown, executionKey?: string): Record<string, unknown> {
  if (!(error instanceof RegapiError)) return { error: { name: 'Error', message: String(error) } };
  return {
    error: {
      name: error.name,
      message: error.message,
      charged: error.charged,
      refunded: error.refunded,
      retry: error.retry,
      idempotencyKey: error.idempotencyKey ?? executionKey ?? null,
      ...(error instanceof RegapiHttpError ? { status: error.status, envelope: error.envelope } : {}),
      ...(error instanceof ResultError ? { protocolo: error.protocolo, code: error.code, result: error.result } : {}),
      ...('envelope' in error && !(error instanceof RegapiHttpError) ? { envelope: error.envelope } : {}),
    },
  };
}

export function errorLine(error: unknown, executionKey?: string): string {
  if (!(error instanceof RegapiError)) return `erro: ${error instanceof Error ? error.message : String(error)}`;
  const money =
    error.charged === true
      ? error.refunded
        ? 'cobrado e devolvido'
        : 'cobrado'
      : error.charged === false
        ? 'nada cobrado'
        : 'cobrança incerta';
  const key = error.idempotencyKey ?? executionKey;
  const retry = {
    'same-key': key === undefined ? 'tente de novo mais tarde' : `reenvie com a MESMA chave: --chave ${key}`,
    'new-order': 'um NOVO pedido pode dar certo',
    no: 'repetir não adianta',
  }[error.retry];
  // A 422 names what to fix, field by field (the API's own words).
  const fields =
    error instanceof ValidationError ? error.fieldErrors.map((field) => `\n  ${field.campo}: ${field.mensagem}`) : [];
  return `erro: ${error.message} (${money}; ${retry})${fields.join('')}`;
}

export function resultLines(protocolo: string, answer: Finished | Running): string[] {
  const lines = [`${protocolo}: ${answer.code} — ${answer.code_message}`];
  if (answer.code === 202) return lines;
  const item = answer.data[0];
  if (item === undefined) return lines;
  if (item.fonte === 'pesquisa-previa-bens') {
    lines.push(
      `nada_consta: ${item.nada_consta}; provisorio: ${item.provisorio}; imóveis: ${item.imoveis?.length ?? 0}; revisão ${item.revisao}`,
    );
    for (const imovel of item.imoveis ?? []) lines.push(`  ${JSON.stringify(imovel)}`);
  } else {
    lines.push(
      `status_consulta: ${item.status_consulta}; documento: ${item.documento_url ?? '—'}; revisão ${item.revisao}`,
    );
  }
  lines.push(`cobrado: ${item.cobranca.debitado}; devolvido: ${item.cobranca.estornado}`);
  return lines;
}

/** The progress line on stderr, redrawn every second with the time left; a no-op unless stderr is a terminal. */
export function progressDisplay(stream: { readonly isTTY?: boolean; write(text: string): unknown }): {
  update(progress: WaitProgress): void;
  stop(): void;
} {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  let text = (_left: number) => '';
  let until = Date.now();
  const draw = (): void => {
    const left = Math.max(0, Math.round((until - Date.now()) / 1000));
    stream.write(`\r\x1b[K${text(left)}`);
  };
  const timer = setInterval(draw, 1000);
  timer.unref();
  return {
    update(progress) {
      until = Date.now() + progress.waitMs;
      const eta = new Date(until).toLocaleTimeString('pt-BR');
      text = (left) =>
        progress.kind === 'running'
          ? `${progress.protocolo}: processando — resultado previsto em ~${progress.consultarDaquiS} s (${eta}); próxima consulta em ${left} s`
          : progress.kind === 'provisional'
            ? `${progress.protocolo}: resultado provisório (revisão ${progress.revisao}) — próxima revisão em ${left} s (${eta})`
            : `${progress.protocolo}: concluído, devolução sendo lançada — nova consulta em ${left} s`;
      draw();
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
