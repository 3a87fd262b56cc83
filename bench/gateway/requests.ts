import { randomUUID } from 'node:crypto';
import type { BenchDatabase } from './bench-database';
import type { ChildServer } from './child-server';
import type { LoadSpec } from './load';
import { callJson, firstItemField, SEARCH_BODY, SEARCH_PATH } from './seed';

/** A server under load: its process, its database, and the bearer its API wants (none for the floor). */
export interface Target {
  readonly label: string;
  readonly server: ChildServer;
  readonly database: BenchDatabase;
  readonly bearer: string | undefined;
}

function headersOf(target: Target): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(target.bearer === undefined ? {} : { authorization: `Bearer ${target.bearer}` }),
  };
}

/** POST of a search with a fresh Idempotency-Key each time: every request is a new acceptance. */
export function acceptance(target: Target): LoadSpec {
  return {
    url: `${target.server.url}${SEARCH_PATH}`,
    method: 'POST',
    headers: headersOf(target),
    body: SEARCH_BODY,
    setup: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
  };
}

/** GET of the orders created beforehand, in turn. */
export function polling(target: Target, protocolos: readonly string[]): LoadSpec {
  let next = 0;
  return {
    url: `${target.server.url}/v1/consultas/${protocolos[0]}`,
    method: 'GET',
    headers: headersOf(target),
    setup: (request) => {
      next = (next + 1) % protocolos.length;
      return { ...request, path: `/v1/consultas/${protocolos[next]}` };
    },
  };
}

/** `count` acceptances through the server's own API, a few at a time: the orders the polling scenarios read. */
export async function createOrders(target: Target, count: number): Promise<string[]> {
  const protocolos: string[] = [];
  const one = async (): Promise<void> => {
    const answer = await callJson(`${target.server.url}${SEARCH_PATH}`, {
      method: 'POST',
      ...(target.bearer === undefined ? {} : { bearer: target.bearer }),
      body: SEARCH_BODY,
      headers: { 'idempotency-key': randomUUID() },
    });
    if (answer.status !== 202) throw new Error(`${target.label} refused an order: ${JSON.stringify(answer.body)}`);
    protocolos.push(firstItemField(answer, 'protocolo'));
  };
  const workers = Array.from({ length: 10 }, async (_, worker) => {
    for (let i = worker; i < count; i += 10) await one();
  });
  await Promise.all(workers);
  return protocolos;
}
