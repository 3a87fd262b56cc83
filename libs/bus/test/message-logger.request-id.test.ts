import { Writable } from 'node:stream';
import { type IncomingMessage, loggerForMessage, REQUEST_ID_HEADER } from '@regapi/bus';
import { createLogger } from '@regapi/telemetry';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', destination }) };
}

const message = (headers: Record<string, string>): IncomingMessage => ({
  id: '0b6f2c1e-8d7a-4f3b-9c2d-1e5f6a7b8c9d',
  routingKey: 'origin.task.run-order',
  payload: {},
  headers,
  queue: 'origin.tasks',
  redelivered: false,
});

test('a consumer log line cites the request that caused the message', () => {
  const { lines, logger } = capture();
  const requestId = crypto.randomUUID();
  loggerForMessage(logger, message({ [REQUEST_ID_HEADER]: requestId })).info('handling');
  expect(lines[0]).toEqual(
    expect.objectContaining({
      request_id: requestId,
      message_id: '0b6f2c1e-8d7a-4f3b-9c2d-1e5f6a7b8c9d',
      routing_key: 'origin.task.run-order',
    }),
  );
});

test('a message not caused by a request logs without a request_id', () => {
  const { lines, logger } = capture();
  loggerForMessage(logger, message({})).info('handling');
  expect(lines[0]).not.toHaveProperty('request_id');
});
