import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * A check a route's requests pass before its handler: it refuses by throwing (an HttpError becomes the envelope) and
 * may set response headers or per-request facts. Written against node's request and response, so ONE guard serves
 * an express route (`guardMiddleware`) and a direct route (`passGuards`) alike. An object rather than a function:
 * mounted on express by mistake, a function of (req, res) would type-check and leave every request hanging.
 */
export interface RequestGuard {
  check(req: IncomingMessage, res: ServerResponse): void | Promise<void>;
}

export function guardMiddleware(guard: RequestGuard): RequestHandler {
  return (req, res, next) => {
    const checked = guard.check(req, res);
    // express 5 hands a rejected promise it is given to the error handler, as it does a synchronous throw.
    if (checked instanceof Promise) return checked.then(() => next());
    next();
    return undefined;
  };
}

/** Runs the guards in order; the first refusal throws. */
export async function passGuards(
  guards: readonly RequestGuard[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  for (const guard of guards) {
    const checked = guard.check(req, res);
    if (checked instanceof Promise) await checked;
  }
}

/** The URL as the client sent it: express keeps it in `originalUrl` while it rewrites `url` inside mounted routers. */
export function originalUrlOf(req: IncomingMessage): string {
  const original: unknown = Reflect.get(req, 'originalUrl');
  return typeof original === 'string' ? original : (req.url ?? '/');
}
