import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_FIELD, transportMessage } from '@regapi/contracts';
import bytes from 'bytes';
import express, { type Application, type RequestHandler } from 'express';
import { HttpError } from './http-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

/** Default largest JSON body: the biggest valid request body is well under 1 KiB. */
export const DEFAULT_BODY_LIMIT = '32kb';

function refuseDeepNesting(_req: IncomingMessage, _res: ServerResponse, raw: Buffer): void {
  if (!nestsDeeperThan(raw, MAX_JSON_DEPTH)) return;
  // body-parser keeps the status of what `verify` throws: the envelope says 422, field by field.
  throw new HttpError(422, transportMessage(422), [
    {
      campo: BODY_FIELD,
      regra: 'json-depth',
      mensagem: `O corpo aninha objetos ou listas em mais de ${MAX_JSON_DEPTH} níveis: envie o objeto JSON plano da spec 2.3.`,
    },
  ]);
}

interface BodyReader {
  readonly limitBytes: number;
  readonly read: RequestHandler;
}

/** A JSON body reader taking at most `limit` (`'32kb'`), whatever the Content-Type, nesting at most MAX_JSON_DEPTH. */
function jsonBodyReader(limit: string): BodyReader {
  const limitBytes = bytes.parse(limit);
  if (limitBytes === null) throw new RangeError(`body limit "${limit}" is not a size`);
  return {
    limitBytes,
    read: express.json({ limit: limitBytes, strict: false, type: () => true, verify: refuseDeepNesting }),
  };
}

const defaultReader = jsonBodyReader(DEFAULT_BODY_LIMIT);
// The reader of each app createHttpApp built with its own `bodyLimit`.
const readers = new WeakMap<Application, BodyReader>();

/** createHttpApp's: the requests of `app` read bodies of at most `limit`. */
export function setBodyLimit(app: Application, limit: string): void {
  readers.set(app, jsonBodyReader(limit));
}

/**
 * THE body reader of every route that takes a body (docs/decisions/0052): mounted AFTER the route's guards, so a body
 * is read only for a caller that may send it (checks in the order 401 → 429 → 403 → 422; an unauthenticated sender of a huge or
 * dripped body gets its 401 at once, its bytes never read). Sets `req.body`; a malformed body is the 422 naming
 * `body`, an oversized one 413, one nested too deep the 422 `json-depth`.
 */
export const readJsonBody: RequestHandler = (req, res, next) => {
  readWith(readers.get(req.app) ?? defaultReader, req, res, next);
};

function readWith(reader: BodyReader, ...[req, res, next]: Parameters<RequestHandler>): void {
  // body-parser reads a body it already knows is too large to its end before its 413: a declared size is refused now.
  const declared = Number(req.headers['content-length']);
  if (declared > reader.limitBytes) throw new HttpError(413, transportMessage(413));
  reader.read(req, res, next);
}

/**
 * `readJsonBody` with a larger limit for ONE route whose valid bodies are larger than the app's limit (a batch of up to
 * 1,000 items, docs/decisions/0088); the same rules otherwise (after the guards, 413, depth).
 */
export function readJsonBodyUpTo(limit: string): RequestHandler {
  const reader = jsonBodyReader(limit);
  return (req, res, next) => {
    readWith(reader, req, res, next);
  };
}
