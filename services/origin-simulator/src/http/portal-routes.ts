import { ORIGIN_PATHS, type OriginOperation, SESSION_COOKIE, WIRE_ERRORS } from '@regapi/origin';
import { type Request, type RequestHandler, Router } from 'express';
import { type Answer, isSessionError, wireError } from '../portal/answer';
import { catalog, tariffs } from '../portal/handlers/catalog';
import { download } from '../portal/handlers/files';
import { login } from '../portal/handlers/login';
import { checkOrder, listOrders } from '../portal/handlers/orders';
import { orderCertificate, orderRecordView } from '../portal/handlers/property-orders';
import { search } from '../portal/handlers/search';
import type { CallContext, SimContext } from '../portal/sim-context';
import { sendAnswer } from './send-answer';

/** The portal protocol (libs/origin `wire.ts`; docs/origin-simulator.md). */
export function portalRoutes(sim: SimContext): Router {
  const router = Router();
  const open =
    (operation: OriginOperation, handler: (call: CallContext, req: Request) => Promise<Answer>): RequestHandler =>
    async (req, res) => {
      const state = sim.state();
      const call: CallContext = { sim, state, armed: state.faults.take(operation), publicBase: publicBase(req) };
      sendAnswer(res, await handler(call, req));
    };

  /**
   * A call on the account's session: refused without the current session (401) or while another call runs on it (409);
   * if a newer login replaced the session while this call ran, the answer is "session expired" whatever the work did.
   */
  const inSession =
    (operation: OriginOperation, handler: (call: CallContext, req: Request) => Promise<Answer>): RequestHandler =>
    async (req, res) => {
      const state = sim.state();
      const entry = state.sessions.enter(cookie(req, SESSION_COOKIE), sim.clock.now());
      if (!entry.ok) {
        sendAnswer(res, wireError(entry.erro === WIRE_ERRORS.sessionBusy ? 409 : 401, entry.erro));
        return;
      }
      try {
        await sim.onSessionTaken?.(operation);
        const call: CallContext = { sim, state, armed: state.faults.take(operation), publicBase: publicBase(req) };
        const answer = await handler(call, req);
        const replaced = !state.sessions.isCurrent(entry.session) && !isSessionError(answer);
        sendAnswer(res, replaced ? wireError(401, WIRE_ERRORS.sessionExpired) : answer);
      } finally {
        state.sessions.leave(entry.session, sim.clock.now());
      }
    };

  router.post(
    ORIGIN_PATHS.session,
    open('login', (call, req) => login(call, req.body)),
  );
  router.get(
    ORIGIN_PATHS.offices,
    inSession('catalog', (call) => catalog(call)),
  );
  router.get(
    ORIGIN_PATHS.tariffs,
    inSession('tariffs', (call) => tariffs(call)),
  );
  router.post(
    ORIGIN_PATHS.searches,
    inSession('search', (call, req) => search(call, req.body)),
  );
  router.post(
    ORIGIN_PATHS.recordViews,
    inSession('record-view', (call, req) => orderRecordView(call, req.body)),
  );
  router.post(
    ORIGIN_PATHS.certificates,
    inSession('certificate', (call, req) => orderCertificate(call, req.body)),
  );
  router.get(
    ORIGIN_PATHS.orders,
    inSession('list-orders', (call, req) => listOrders(call, req.query.desde)),
  );
  router.get(
    `${ORIGIN_PATHS.orders}/:numero`,
    inSession('check-order', (call, req) => checkOrder(call, String(req.params.numero))),
  );
  router.get(
    `${ORIGIN_PATHS.files}/:id`,
    open('download', (call, req) => download(call, String(req.params.id), req.query.expira, req.query.assinatura)),
  );
  return router;
}

function publicBase(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
