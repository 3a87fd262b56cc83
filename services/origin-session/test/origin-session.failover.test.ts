import { lastCatalogSync } from '@regapi/catalog';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { type Spawned, waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';
import { startReplica } from './support/replica-process';

/**
 * architecture rule 1 across real processes: two origin-session replicas on one queue; only the active one calls
 * the origin; `kill -9` of the active one in the middle of an order → the standby takes over, finds the order in doubt,
 * asks the origin, and finishes it — one origin order for the protocolo, never two.
 */

let harness: Harness;
const children: Spawned[] = [];

beforeAll(async () => {
  // A record view takes 0.24 s to 6 s here (model 12 s to 300 s x 0.02): long enough to kill a process inside one.
  harness = await startHarness({ startService: false, systemClock: true, timeScale: 0.02 });
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await harness.close();
});

interface LogLine {
  readonly time: string;
  readonly msg: string;
  readonly what?: string;
  readonly outcome?: string;
  readonly order_id?: string;
}

function start(name: string): Spawned {
  const child = startReplica(harness, name, { LOG_LEVEL: 'debug' });
  children.push(child);
  return child;
}

function lines(child: Spawned): LogLine[] {
  return child
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const originCalls = (child: Spawned) => lines(child).filter((line) => line.msg === 'origin call');

test('kill -9 of the active replica mid-order: the standby finishes it, with exactly one origin order', async () => {
  const active = start('a');
  await active.waitForOutput(/origin-session listening/, 30_000);
  const standby = start('b');
  await standby.waitForOutput(/origin-session listening/, 30_000);
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 30_000, what: 'the catalog sync' });
  // Both replicas are up; only the active one ever called the origin.
  expect(originCalls(active).length).toBeGreaterThan(0);
  expect(originCalls(standby)).toEqual([]);

  const owner: OriginSample | undefined = (await harness.control.samples())[6];
  const body = propertyRequest(owner);
  const order = await harness.accept('visualizacao-matricula', body);
  const ours = async () =>
    (await harness.receivedOrders()).filter(
      (entry) => entry.operation === 'record-view' && entry.input.matricula === body.imovel_matricula,
    );
  // The origin has the order and is still producing it: kill the process that is waiting for the answer.
  await waitFor(async () => (await ours()).length === 1, { intervalMs: 10, what: 'the order at the origin' });
  expect((await ours())[0]?.result).toBe('EM_ANDAMENTO');
  const killedAt = Date.now();
  await active.stop('SIGKILL');

  const done = await harness.waitForState(order.id, ['finished'], 30_000);
  expect(done.code).toBe(200);
  expect(done.statusConsulta).toBe('SUCESSO');
  expect((await ours()).map((entry) => entry.numero_pedido)).toEqual([done.numeroPedido]);
  expect(done.attempts).toBeGreaterThanOrEqual(2);

  // The standby asked the origin before placing anything, and placed nothing.
  const b = lines(standby);
  expect(b.some((line) => line.msg.includes('the order is in doubt'))).toBe(true);
  const bCalls = originCalls(standby);
  expect(bCalls.map((line) => line.what)).not.toContain('place visualizacao-matricula');
  expect(bCalls.map((line) => line.what)).toContain('list-orders');
  // Never two replicas at the origin: every call of the standby came after the active one died.
  expect(bCalls.every((line) => Date.parse(line.time) >= killedAt)).toBe(true);
  const attempts = await harness.database.db
    .selectFrom('origin_order_attempt')
    .select(['answered_at'])
    .where('order_id', '=', order.id)
    .execute();
  expect(attempts).toEqual([{ answered_at: null }]);
}, 90_000);
