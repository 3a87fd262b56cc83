import { formatBrl } from '@regapi/br';
import { type Envelope, FONTES, type Fonte, isFonte } from '@regapi/contracts';
import type { Request, Response } from 'express';
import type { ConsoleSession } from '../../auth';
import { apiMessage, sendApiFailure, sendApiRefusal } from '../api/api-pages';
import { type ConsoleApi, createConsoleApi } from '../api/console-api';
import { executionKey, isFormNonce, newFormNonce } from '../api/execution-key';
import type { ConsoleArea } from '../console-context';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { formField, notFound, queryParam, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import {
  hiddenInputs,
  inputsSummary,
  PRODUCT_BLURB,
  productName,
  QUERY_FIELDS,
  type QueryValues,
  queryInputs,
  requestBodyOf,
} from './query-forms';

function valuesOf(fonte: Fonte, read: (name: string) => string | undefined): QueryValues {
  const values: Record<string, string> = {};
  for (const field of QUERY_FIELDS[fonte]) values[field.name] = (read(field.name) ?? '').trim();
  return values;
}

function chooserPage(viewer: ConsoleSession): string {
  const cards = FONTES.map(
    (fonte) =>
      html`<li><h2><a href="/consultar/${fonte}">${productName(fonte)}</a></h2><p>${PRODUCT_BLURB[fonte]}</p></li>`,
  );
  return consolePage(
    'Nova consulta',
    html`<h1>Nova consulta</h1>
<p>Escolha o produto. Você verá o preço antes de confirmar; nada é cobrado até a confirmação.</p>
<ul class="produtos">!${cards.join('')}</ul>`,
    { viewer, current: '/consultar' },
  );
}

interface FormState {
  readonly values: QueryValues;
  readonly nonce: string;
  /** The API's refusal (message and errors), shown above the form. */
  readonly refusal?: Envelope;
}

function formPage(viewer: ConsoleSession, fonte: Fonte, state: FormState): string {
  const fieldErrors = new Map((state.refusal?.errors ?? []).map((error) => [error.campo, error.mensagem]));
  const problem = state.refusal === undefined ? '' : apiMessage(state.refusal);
  return consolePage(
    productName(fonte),
    html`<h1>${productName(fonte)}</h1>
<p>${PRODUCT_BLURB[fonte]}</p>
!${problem}
<form class="cartao" method="post" action="/consultar/${fonte}/orcamento">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="hidden" name="nonce" value="${state.nonce}">
!${queryInputs(fonte, state.values, fieldErrors)}
<button type="submit">Ver preço</button>
</form>
<p><a href="/consultar">Escolher outro produto</a></p>`,
    { viewer, current: '/consultar' },
  );
}

function reais(value: unknown): string {
  return typeof value === 'number' ? formatBrl(Math.round(value * 100)) : '—';
}

function confirmationPage(viewer: ConsoleSession, fonte: Fonte, state: FormState, quote: Envelope): string {
  const item = quote.data[0] ?? {};
  const preco = (item.preco ?? {}) as Record<string, unknown>;
  const cartorio = item.cartorio as Record<string, unknown> | undefined;
  const office =
    cartorio === undefined
      ? ''
      : html`<p id="cartorio">Cartório: ${String(cartorio.nome)} (${String(cartorio.municipio)}/${String(cartorio.uf)})</p>`;
  const again = new URLSearchParams(state.values as Record<string, string>).toString();
  return consolePage(
    `Confirmar: ${productName(fonte)}`,
    html`<h1>Confirmar a consulta</h1>
<h2>${productName(fonte)}</h2>
!${inputsSummary(fonte, state.values)}
!${office}
<p class="preco">Preço: <strong id="preco">${reais(preco.total)}</strong> (emolumentos ${reais(preco.emolumentos)} + serviço ${reais(preco.margem)})</p>
<p>Ao confirmar, o valor é debitado do saldo da conta e a consulta não pode ser desfeita. Enviar este formulário de novo não cobra duas vezes.</p>
<form class="cartao" method="post" action="/consultar/${fonte}/executar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="hidden" name="nonce" value="${state.nonce}">
!${hiddenInputs(fonte, state.values)}
<button type="submit">Confirmar e pagar ${reais(preco.total)}</button>
</form>
<p><a href="/consultar/${fonte}?${again}">Corrigir os dados</a></p>`,
    { viewer, current: '/consultar' },
  );
}

function unavailablePage(viewer: ConsoleSession, fonte: Fonte, answer: Envelope): string {
  return consolePage(
    'Consulta indisponível',
    html`<h1>Consulta indisponível</h1>!${apiMessage(answer)}<p>Nada foi cobrado.</p>
<p><a href="/consultar/${fonte}">Voltar ao formulário</a></p>`,
    { viewer, current: '/consultar' },
  );
}

/** The product of the path, or a 404 answered. */
function fonteOf(req: Request, res: Response): Fonte | undefined {
  const fonte = req.params.fonte;
  if (isFonte(fonte)) return fonte;
  notFound(res);
  return undefined;
}

/** The nonce of a posted form; a missing or malformed one gets a fresh form (nothing was sent to the API yet). */
function postedNonce(req: Request): string | undefined {
  const nonce = formField(req, 'nonce');
  return isFormNonce(nonce) ? nonce : undefined;
}

async function quote(api: ConsoleApi, req: Request, res: Response, fonte: Fonte): Promise<void> {
  const viewer = viewerOf(res);
  const values = valuesOf(fonte, (name) => formField(req, name));
  const nonce = postedNonce(req);
  if (nonce === undefined) {
    sendPage(res, 400, formPage(viewer, fonte, { values, nonce: newFormNonce() }));
    return;
  }
  const answer = await api.client.quote(await api.tokenFor(viewer), fonte, requestBodyOf(fonte, values));
  if (answer.status === 422) {
    sendPage(res, 422, formPage(viewer, fonte, { values, nonce, refusal: answer.envelope }));
  } else if (answer.status === 200 && answer.envelope.code === 200) {
    sendPage(res, 200, confirmationPage(viewer, fonte, { values, nonce }, answer.envelope));
  } else if (answer.status === 200) {
    sendPage(res, 200, formPage(viewer, fonte, { values, nonce, refusal: answer.envelope }));
  } else {
    sendApiRefusal(res, viewer, 'Orçamento não obtido', answer);
  }
}

async function execute(api: ConsoleApi, req: Request, res: Response, fonte: Fonte): Promise<void> {
  const viewer = viewerOf(res);
  const values = valuesOf(fonte, (name) => formField(req, name));
  const nonce = postedNonce(req);
  if (nonce === undefined) {
    sendPage(res, 400, formPage(viewer, fonte, { values, nonce: newFormNonce() }));
    return;
  }
  const body = requestBodyOf(fonte, values);
  const key = executionKey(viewer.csrfSecret, nonce, fonte, body);
  const answer = await api.client.execute(await api.tokenFor(viewer), fonte, body, key);
  const protocolo = answer.envelope.data[0]?.protocolo;
  if (answer.status === 202 && typeof protocolo === 'string') {
    res.redirect(303, `/pedidos/${protocolo}`);
  } else if (answer.status === 422) {
    sendPage(res, 422, formPage(viewer, fonte, { values, nonce, refusal: answer.envelope }));
  } else if (answer.status === 200) {
    sendPage(res, 200, unavailablePage(viewer, fonte, answer.envelope));
  } else {
    sendApiRefusal(res, viewer, 'Consulta não executada', answer);
  }
}

/**
 * GET /consultar, GET /consultar/:fonte, POST /consultar/:fonte/orcamento and /executar (issue 15, "Run a query from
 * the console"; docs/decisions/0073, 0078): the form, the API's quote on a confirmation page, then the API's execution
 * under a key derived on the server from the form, so sending the same form twice never charges twice.
 */
export const consultarArea: ConsoleArea = (router, context) => {
  const api = createConsoleApi(context);
  const guarded =
    (action: (req: Request, res: Response, fonte: Fonte) => Promise<void>) => async (req: Request, res: Response) => {
      const fonte = fonteOf(req, res);
      if (fonte === undefined) return;
      try {
        await action(req, res, fonte);
      } catch (error: unknown) {
        if (!sendApiFailure(res, viewerOf(res), error)) throw error;
      }
    };

  router.get('/consultar', ...context.guard.page('orders:run'), (_req, res) => {
    sendPage(res, 200, chooserPage(viewerOf(res)));
  });
  router.get(
    '/consultar/:fonte',
    ...context.guard.page('orders:run'),
    guarded(async (req, res, fonte) => {
      const values = valuesOf(fonte, (name) => queryParam(req, name));
      sendPage(res, 200, formPage(viewerOf(res), fonte, { values, nonce: newFormNonce() }));
    }),
  );
  router.post(
    '/consultar/:fonte/orcamento',
    ...context.guard.form('orders:run'),
    guarded((req, res, fonte) => quote(api, req, res, fonte)),
  );
  router.post(
    '/consultar/:fonte/executar',
    ...context.guard.form('orders:run'),
    guarded((req, res, fonte) => execute(api, req, res, fonte)),
  );
};
