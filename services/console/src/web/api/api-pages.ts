import type { Envelope } from '@regapi/contracts';
import type { Response } from 'express';
import type { ConsoleSession } from '../../auth';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { sendPage } from '../respond';
import { ApiAnswerError } from './answer-contract';
import { type ApiAnswer, ApiUnreachableError } from './api-client';

/** The API's own words for a refusal: its `code_message` and, field by field, its `errors`. */
export function apiMessage(envelope: Envelope): string {
  const fields = envelope.errors.map((error) => html`<li>${error.campo}: ${error.mensagem}</li>`);
  return html`<p class="aviso" role="alert" id="problema">${envelope.code_message}</p>!${
    fields.length === 0 ? '' : html`<ul class="erros-api">!${fields.join('')}</ul>`
  }`;
}

/** The HTTP status the console answers for an API refusal: the API's own for a client's problem, 502 for the API's. */
export function statusForApi(answer: ApiAnswer): number {
  return answer.status >= 500 ? 502 : answer.status;
}

/** A refusal of the API with no form to show again (402, 409, 429, ...): its message on a console page. */
export function sendApiRefusal(res: Response, viewer: ConsoleSession, title: string, answer: ApiAnswer): void {
  if (answer.retryAfterS !== undefined) res.setHeader('Retry-After', String(answer.retryAfterS));
  const wait = answer.retryAfterS === undefined ? '' : html`<p>Tente novamente em ${answer.retryAfterS} segundos.</p>`;
  sendPage(
    res,
    statusForApi(answer),
    consolePage(title, html`<h1>${title}</h1>!${apiMessage(answer.envelope)}!${wait}`, { viewer }),
  );
}

/**
 * The API did not answer, or answered outside its contract: a console page (502/504), never the generic 500. Returns
 * false for any other error, which the caller rethrows.
 */
export function sendApiFailure(res: Response, viewer: ConsoleSession, error: unknown): boolean {
  if (error instanceof ApiUnreachableError) {
    const timeout = error.reason === 'timeout';
    sendPage(
      res,
      timeout ? 504 : 502,
      consolePage(
        'API indisponível',
        html`<h1>API indisponível</h1><p class="aviso" role="alert">${
          timeout ? 'A API não respondeu a tempo.' : 'Não foi possível falar com a API.'
        } Tente novamente em instantes. Se era a confirmação de uma consulta, confira em Pedidos: reenviar o mesmo formulário de confirmação não cobra duas vezes.</p>`,
        { viewer },
      ),
    );
    return true;
  }
  if (error instanceof ApiAnswerError) {
    sendPage(
      res,
      502,
      consolePage(
        'Resposta inesperada da API',
        html`<h1>Resposta inesperada da API</h1><p class="aviso" role="alert">A API respondeu algo fora do seu contrato publicado; o console não o exibe. Tente novamente em instantes.</p>`,
        { viewer },
      ),
    );
    return true;
  }
  return false;
}
