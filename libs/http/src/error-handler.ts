import type { ServerResponse } from 'node:http';
import { transportMessage } from '@regapi/contracts';
import { isDatabaseUnreachable } from '@regapi/db';
import type { NextFunction, Request, Response } from 'express';
import { ANSWER_HEADERS } from './answer-headers';
import { HttpError } from './http-error';
import { contextOf } from './request-context';
import { sendEnvelope } from './send-envelope';

/**
 * Seconds a client waits before resending when a dependency (the database) is down: about the time a PostgreSQL
 * restart or failover takes. A resend is safe: an execution resent with the SAME Idempotency-Key replays its
 * acceptance if the database committed one before it went away, and is accepted once otherwise.
 */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** Every unmatched route answers the 404 envelope, never express's HTML page. */
export function notFoundHandler(_req: Request, res: Response): void {
  sendEnvelope(res, 404, { code: 404, codeMessage: transportMessage(404) });
}

interface BodyParserError {
  type: string;
  status: number;
}

/** An error express or its router raised about the request itself (e.g. a path with a malformed %-escape: 400). */
function clientStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof error.type === 'string' &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

/**
 * Turns every error into the envelope. Body-parser failures are the client's (a malformed JSON body is a 422 naming
 * `body`; an oversized one is 413); a dependency that cannot be reached (the database) is a 503 with Retry-After
 * (docs/decisions/0058); anything unexpected is a 500 envelope and an error log line with the request id.
 */
// express recognises an error handler by its four parameters.
export function errorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  sendError(res, error);
}

/**
 * What `errorHandler` answers, for a request served outside express (a direct route, docs/decisions/0044). It never
 * throws: an error while answering an error (an envelope that cannot be serialized) is the bare 500 envelope, never
 * express's HTML page with a stack (issue 12 item 5).
 */
export function sendError(res: ServerResponse, error: unknown): void {
  try {
    answerError(res, error);
  } catch (failure: unknown) {
    answerLastResort(res, failure);
  }
}

function answerLastResort(res: ServerResponse, failure: unknown): void {
  try {
    contextOf(res).logger.error({ err: failure }, 'error while answering an error');
  } catch {
    // No context to log with: the answer still goes out.
  }
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const name of res.getHeaderNames()) {
      if (!KEPT_ON_LAST_RESORT.has(name)) res.removeHeader(name);
    }
    sendEnvelope(res, 500, { code: 500, codeMessage: transportMessage(500) });
  } catch {
    res.destroy();
  }
}

// What every answer carries (the request context, createHttpApp); a failed answer's own headers are dropped.
const KEPT_ON_LAST_RESORT = new Set([
  'x-request-id',
  'connection',
  ...Object.keys(ANSWER_HEADERS).map((name) => name.toLowerCase()),
]);

function answerError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    sendEnvelope(res, error.status, { code: error.status, codeMessage: error.message, errors: error.errors });
    return;
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.too.large') {
      sendEnvelope(res, 413, { code: 413, codeMessage: transportMessage(413) });
      return;
    }
    if (error.type === 'entity.parse.failed') {
      sendEnvelope(res, 422, {
        code: 422,
        codeMessage: transportMessage(422),
        errors: [{ campo: 'body', regra: 'json', mensagem: 'O corpo da requisição não é um JSON válido.' }],
      });
      return;
    }
    if (error.status >= 400 && error.status < 500) {
      sendEnvelope(res, error.status, { code: error.status, codeMessage: transportMessage(error.status) });
      return;
    }
  }
  const clientStatus = clientStatusOf(error);
  if (clientStatus !== undefined) {
    sendEnvelope(res, clientStatus, { code: clientStatus, codeMessage: transportMessage(clientStatus) });
    return;
  }
  if (isDatabaseUnreachable(error)) {
    contextOf(res).logger.warn({ err: error }, 'dependency unavailable: answered 503');
    res.setHeader('Retry-After', String(DEPENDENCY_RETRY_AFTER_S));
    sendEnvelope(res, 503, { code: 503, codeMessage: transportMessage(503) });
    return;
  }
  contextOf(res).logger.error({ err: error }, 'unhandled error');
  sendEnvelope(res, 500, { code: 500, codeMessage: transportMessage(500) });
}
