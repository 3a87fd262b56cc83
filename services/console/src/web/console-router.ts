import { isDatabaseUnreachable } from '@regapi/db';
import { DEPENDENCY_RETRY_AFTER_S } from '@regapi/http';
import express, { type ErrorRequestHandler, type Router } from 'express';
import { auditArea } from './areas/audit';
import { chartsArea } from './areas/charts';
import { consultarArea } from './areas/consultar';
import { homeArea } from './areas/home';
import { moneyArea } from './areas/money';
import { monitoramentosArea } from './areas/monitoramentos';
import { oneTimeLinksArea } from './areas/one-time-links';
import { pedidosArea } from './areas/pedidos';
import { secondFactorArea } from './areas/second-factor-page';
import { securityArea } from './areas/security';
import { signInArea } from './areas/sign-in';
import { statusArea } from './areas/status';
import { tokensArea } from './areas/tokens';
import { usersArea } from './areas/users';
import { webhooksArea } from './areas/webhooks';
import type { ConsoleArea, ConsoleContext } from './console-context';
import { CONSOLE_CSS } from './console-css';
import { messagePage } from './page-frame';
import { notFound, sendPage } from './respond';
import { setConsoleSecurityHeaders } from './security-headers';
import { testModeArea } from './test-mode';
import { TEST_MODE_CSS } from './test-mode-css';

/** The console's parts, each adding its own routes (docs/decisions/0072). A new area is one line here. */
const AREAS: readonly ConsoleArea[] = [
  signInArea,
  homeArea,
  consultarArea,
  pedidosArea,
  monitoramentosArea,
  statusArea,
  tokensArea,
  webhooksArea,
  moneyArea,
  chartsArea,
  auditArea,
  secondFactorArea,
  oneTimeLinksArea,
  usersArea,
  securityArea,
  testModeArea,
];

/** The routes of the console's pages (docs/decisions/0072): HTML for every answer, refusals and failures included. */
export function createConsoleRouter(context: ConsoleContext): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    setConsoleSecurityHeaders(res);
    next();
  });
  router.get('/estilo.css', (_req, res) => {
    res
      .status(200)
      .type('css')
      .send(CONSOLE_CSS + TEST_MODE_CSS);
  });
  for (const area of AREAS) area(router, context);
  router.use((_req, res) => notFound(res));

  const pageOfError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500) {
      sendPage(res, status, messagePage('Pedido recusado', 'O formulário enviado não pôde ser lido.'));
      return;
    }
    if (isDatabaseUnreachable(error) && !res.headersSent) {
      // As the API's 503 (decision 0058): the console stays up through an outage and says when to try again.
      context.logger.warn({ err: error }, 'dependency unavailable: answered 503');
      res.setHeader('Retry-After', String(DEPENDENCY_RETRY_AFTER_S));
      sendPage(
        res,
        503,
        messagePage(
          'Serviço indisponível',
          'O console está temporariamente indisponível. Tente novamente em instantes.',
        ),
      );
      return;
    }
    context.logger.error({ err: error }, 'console page failed');
    if (res.headersSent) return;
    sendPage(res, 500, messagePage('Erro interno', 'Algo falhou do nosso lado. Tente novamente em instantes.'));
  };
  router.use(pageOfError);
  return router;
}

/** The status a body parser's error carries (413 too large, 400 malformed), if any. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status: unknown = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
