import { pipeline } from 'node:stream/promises';
import { isFonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import {
  type ByteRange,
  type DocumentStorage,
  findOrderDocument,
  type OrderDocument,
  PRIMARY_DOCUMENT_KIND,
  type StoredObject,
} from '@regapi/documents';
import { contextOf, DEPENDENCY_RETRY_AFTER_S, HttpError } from '@regapi/http';
import { getOrderForAccount, isWellFormedProtocolo, type Order } from '@regapi/orders';
import { type RequestHandler, type Response, Router } from 'express';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/auth-context';
import { parseRange } from './byte-range';
import { entityTag, ifRangeAllows, noneMatchHit } from './entity-tag';

export interface DocumentRouterDeps {
  readonly db: Kysely<Database>;
  /** The archive's bucket (read only here); undefined in a gateway built without one (503 for a document). */
  readonly documents: DocumentStorage | undefined;
}

const UNAVAILABLE = 'Documento temporariamente indisponível. Tente novamente depois de Retry-After segundos.';

/** The document cannot be read now: a 503 with Retry-After, as for any dependency that is down (decision 0058). */
const unavailable = () => new HttpError(503, UNAVAILABLE, [], { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) });

/**
 * The object (its first byte only for a HEAD, which must answer as the GET would), or the 503 to answer: an object
 * the row says was archived but the bucket has not (an operator restores it, docs/operations.md), or a bucket that
 * does not answer — never a 500 for a dependency that is down.
 */
async function readObject(
  deps: DocumentRouterDeps,
  res: Response,
  order: Order,
  document: OrderDocument,
  range: ByteRange | undefined,
  headOnly: boolean,
): Promise<StoredObject> {
  if (deps.documents === undefined) throw unavailable();
  const logger = contextOf(res).logger;
  let object: StoredObject | undefined;
  try {
    object = await deps.documents.get(document.storageKey, headOnly ? { start: 0, end: 0 } : range);
  } catch (error: unknown) {
    logger.error({ err: error, order_id: order.id }, 'the document bucket did not answer');
    throw unavailable();
  }
  if (object === undefined) {
    logger.error(
      { alert: 'archived_document_missing', order_id: order.id, storage_key: document.storageKey },
      'an archived document is missing from the bucket',
    );
    throw unavailable();
  }
  if (headOnly) object.body.destroy();
  return object;
}

/**
 * The order's archived document, or the 404 to answer (contract 4): a protocolo that does not exist and one of another
 * account get the same answer (contract 5.6); an order of the caller without a document (still running, failed, or a
 * product that delivered none) another one.
 */
async function archivedDocument(
  deps: DocumentRouterDeps,
  protocolo: string,
  accountId: string,
): Promise<{ order: Order; document: OrderDocument }> {
  const order = isWellFormedProtocolo(protocolo) ? await getOrderForAccount(deps.db, protocolo, accountId) : undefined;
  if (order === undefined) throw new HttpError(404, 'Protocolo não encontrado.');
  const document = order.state === 'finished' ? await primaryDocument(deps, order) : undefined;
  if (document === undefined) throw new HttpError(404, 'Esta consulta não tem documento arquivado.');
  return { order, document };
}

/** docs/decisions/0031: the record view, the certificate, or the search's printed receipt. */
function primaryDocument(deps: DocumentRouterDeps, order: Order): Promise<OrderDocument | undefined> {
  if (!isFonte(order.fonte)) return Promise.resolve(undefined);
  return findOrderDocument(deps.db, order.id, PRIMARY_DOCUMENT_KIND[order.fonte]);
}

/** The validators, on every answer about the document (200, 206, 304); caching: createHttpApp (no-store). */
function setValidatorHeaders(res: Response, document: OrderDocument, etag: string): void {
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', document.storedAt.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
}

function documentHandler(deps: DocumentRouterDeps): RequestHandler {
  return async (req, res) => {
    const { accountId } = authOf(res);
    const { order, document } = await archivedDocument(deps, String(req.params.protocolo), accountId);
    const etag = entityTag(document.sha256);
    if (noneMatchHit(req.get('if-none-match'), etag)) {
      setValidatorHeaders(res, document, etag);
      res.status(304).end();
      return;
    }
    const size = document.sizeBytes;
    const asked = ifRangeAllows(req.get('if-range'), etag) ? parseRange(req.get('range'), size) : undefined;
    if (asked?.kind === 'unsatisfiable') {
      throw new HttpError(416, 'Intervalo de bytes fora do documento.', [], {
        'Content-Range': `bytes */${size}`,
        'Accept-Ranges': 'bytes',
      });
    }
    const range = asked?.kind === 'partial' ? asked.range : undefined;
    const headOnly = req.method === 'HEAD';
    const object = await readObject(deps, res, order, document, range, headOnly);
    setValidatorHeaders(res, document, etag);
    res.status(range === undefined ? 200 : 206);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${order.protocolo}-${document.kind}.pdf"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', String(range === undefined ? size : range.end - range.start + 1));
    if (range !== undefined) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    if (headOnly) {
      res.end();
      return;
    }
    await pipeline(object.body, res);
  };
}

/**
 * `GET /v1/consultas/{protocolo}/documento` (contract 4, 2.5, 2.6; issue 6; docs/decisions/0031): the archived PDF,
 * behind the same guards as every /v1 route (the bearer token, its rate limit) and no scope beyond them, like the
 * result it belongs to. `application/pdf` with `Content-Length`; `ETag` = the SHA-256 (`If-None-Match` → 304); one
 * byte range (`Range` → 206, outside → 416). Errors are the JSON envelope.
 */
export function documentRouter(deps: DocumentRouterDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.get('/v1/consultas/:protocolo/documento', ...guards, documentHandler(deps));
  return router;
}
