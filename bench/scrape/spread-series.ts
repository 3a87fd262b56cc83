import { randomUUID } from 'node:crypto';
import { FONTES } from '@regapi/contracts';
import { SEARCH_BODY } from '../gateway/seed';

/** What the exposition is grown with: a request the gateway answers, on the route and with the status it gives. */
interface Call {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly bearer: 'client' | 'admin' | 'none';
  readonly body?: string;
}

function callsFor(protocolo: string): readonly Call[] {
  return [
    { method: 'GET', path: '/v1/token', bearer: 'client' },
    { method: 'GET', path: '/v1/token', bearer: 'none' },
    { method: 'GET', path: '/v1/extrato', bearer: 'client' },
    { method: 'GET', path: `/v1/consultas/${protocolo}/documento`, bearer: 'client' },
    { method: 'GET', path: '/v1/consultas/1', bearer: 'client' },
    { method: 'GET', path: `/v1/consultas/${protocolo}`, bearer: 'none' },
    { method: 'GET', path: '/v1/nowhere', bearer: 'client' },
    { method: 'PUT', path: '/v1/token', bearer: 'client' },
    { method: 'GET', path: `/admin/v1/orders/${protocolo}`, bearer: 'admin' },
    { method: 'GET', path: `/admin/v1/orders/${protocolo}`, bearer: 'client' },
    { method: 'GET', path: '/admin/v1/dead-letters', bearer: 'admin' },
    { method: 'POST', path: '/v1/orcamento/pesquisa-previa-bens', bearer: 'client', body: SEARCH_BODY },
    ...FONTES.flatMap((fonte): Call[] => [
      { method: 'POST', path: `/v1/orcamento/${fonte}`, bearer: 'client', body: '{}' },
      { method: 'POST', path: `/v1/consultas/${fonte}`, bearer: 'client', body: '{}' },
      { method: 'POST', path: `/v1/consultas/${fonte}`, bearer: 'none', body: '{}' },
    ]),
  ];
}

/**
 * One request on each of the gateway's routes, with statuses other than the load's 200 and 202 (refusals, invalid
 * bodies, unknown paths), so the exposition holds the series a production process accumulates, not only the two the
 * load creates. Answers how many requests and their statuses, for the record.
 */
export async function spreadSeries(
  url: string,
  tokens: { readonly client: string; readonly admin: string },
  protocolo: string,
): Promise<readonly number[]> {
  const statuses: number[] = [];
  for (const call of callsFor(protocolo)) {
    const bearer = call.bearer === 'none' ? undefined : tokens[call.bearer];
    const answer = await fetch(`${url}${call.path}`, {
      method: call.method,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      },
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    await answer.arrayBuffer();
    statuses.push(answer.status);
  }
  return statuses;
}
