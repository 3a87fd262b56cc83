import { callJson, createOpenApiConformance, type JsonAnswer } from '@regapi/testkit';
import type { TestSystem } from './system';

/** A customer's call: GET without a body, POST with one, an idempotency key when given. */
export type CustomerCall = (path: string, body?: unknown, key?: string) => Promise<JsonAnswer>;

/**
 * A customer's calls on the system's public API with `token`, every answer checked against docs/openapi.json as it
 * comes (issue 12 item 16: a real answer that the document does not describe fails the test that got it). Getters,
 * because a file's system and token exist only once its beforeAll ran.
 */
export function conformantCustomerApi(system: () => TestSystem, token: () => string): CustomerCall {
  const conformance = createOpenApiConformance();
  return async (path, body, key) => {
    const method = body === undefined ? 'GET' : 'POST';
    const url = `${system().url}${path}`;
    const answer = await callJson(url, {
      method,
      token: token(),
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
    const contentType = answer.headers.get('content-type');
    expect(conformance.check({ method, url, status: answer.status, contentType, body: answer.body })).toEqual([]);
    return answer;
  };
}

/** The account's balance in centavos, as the admin API shows it. */
export async function balanceCentavosOf(system: TestSystem, accountId: string): Promise<number> {
  const shown = await system.admin('GET', `/admin/v1/accounts/${accountId}`);
  return Number(shown.body.data[0]?.balance_centavos);
}
