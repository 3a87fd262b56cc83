import type { ServerResponse } from 'node:http';

/**
 * Headers of EVERY answer: success, error, 404, direct route, the document, even the 408/400 node's parser refuses
 * (issue 12 item 10, docs/decisions/0053). The envelope is never to be sniffed as anything else, and no answer is kept
 * by any cache, shared or private: every one is about one account (its balance, its orders, its documents) or a
 * refusal. Conditional requests (ETag, If-None-Match → 304, If-Range) work the same without a cache.
 */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

export function setAnswerHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(ANSWER_HEADERS)) res.setHeader(name, value);
}
