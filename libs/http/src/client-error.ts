import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { envelope, transportMessage } from '@regapi/contracts';
import { ANSWER_HEADERS } from './answer-headers';

function statusOf(error: Error): number {
  const code: unknown = Reflect.get(error, 'code');
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    default:
      return 400;
  }
}

/** Whether an answer of the request in flight on `socket` already began: then nothing more may be written. */
function answerBegan(socket: Duplex): boolean {
  const response: unknown = Reflect.get(socket, '_httpMessage');
  return typeof response === 'object' && response !== null && Reflect.get(response, 'headersSent') === true;
}

/**
 * The server's `clientError`: what node's HTTP parser refuses before any handler runs (a request that did not arrive
 * within the headers or request timeout: 408; headers too large: 431; anything unparsable: 400) answers the envelope
 * with the headers of every answer, as node's own bare reply would not, and closes the connection.
 */
export function answerClientError(error: Error, socket: Duplex): void {
  if (!socket.writable || answerBegan(socket) || Reflect.get(error, 'code') === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = statusOf(error);
  const requestId = randomUUID();
  const body = JSON.stringify(envelope({ code: status, codeMessage: transportMessage(status), requestId }));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    ...ANSWER_HEADERS,
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${body}`, () => socket.destroy());
}
