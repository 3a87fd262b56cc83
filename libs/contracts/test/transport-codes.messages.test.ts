import { isTransportCode, TRANSPORT_MESSAGES, transportMessage } from '@regapi/contracts';

test.each([401, 402, 403, 404, 409, 413, 422, 429, 500])('%i has its own Portuguese message', (status) => {
  expect(isTransportCode(status)).toBe(true);
  expect(transportMessage(status)).toBe(TRANSPORT_MESSAGES[status as keyof typeof TRANSPORT_MESSAGES]);
  expect(transportMessage(status).length).toBeGreaterThan(5);
});

test('the messages say what contract 4, 5 and 7 promise', () => {
  expect(transportMessage(401)).toMatch(/Bearer/);
  expect(transportMessage(403)).toMatch(/escopo/);
  expect(transportMessage(422)).toMatch(/Nada foi cobrado/);
  expect(transportMessage(429)).toMatch(/Retry-After/);
  expect(transportMessage(409)).toMatch(/MESMA chave/);
});

test('any other status falls back to a generic message, never an empty one', () => {
  expect(transportMessage(418)).toBe('Requisição recusada.');
  expect(transportMessage(502)).toBe(TRANSPORT_MESSAGES[500]);
  expect(isTransportCode(418)).toBe(false);
});
