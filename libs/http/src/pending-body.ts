import type { ServerResponse } from 'node:http';

/**
 * An answer that leaves before the request's body has all arrived (a refusal before reading it: 401, 429, 403, 413)
 * also closes the connection. Otherwise node reads and discards whatever the client still sends, keeping the
 * connection (and its file descriptor) for a dripping client until the request timeout (issue 12 item 6,
 * docs/decisions/0052). A request with no body, or whose body was read, keeps its connection.
 */
export function closeIfBodyPending(res: ServerResponse): void {
  const req = res.req;
  if (req === undefined || req.complete) return;
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody) res.setHeader('Connection', 'close');
}
