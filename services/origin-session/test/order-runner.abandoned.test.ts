import type { IncomingMessage } from '@regapi/bus';
import { ManualClock } from '@regapi/calendar';
import { createHttpOriginPortal } from '@regapi/origin';
import { noPlatformMetrics, silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import { createAlerts } from '../src/alerts/alerts';
import { createOrderRunner, type OrderRunner } from '../src/scheduling/order-runner';
import { createOriginSessionClient, StoppingError } from '../src/session/origin-session-client';
import { DEFAULT_SETTINGS, type TaskContext } from '../src/tasks/task-context';
import { WEDNESDAY_MORNING } from './support/harness';

// A leader stepping down abandons its runner, then cancels its consumer; a message delivered in between (one the
// abandon just sent back to the queue, redelivered at once) must fail too: a handler left pending never settles, the
// consumer's cancel waits for its handlers, and the stop hung for ever (seen in `pnpm bench origin`).

const database = useTestDatabase();

function runner(): OrderRunner {
  const logger = silentLogger();
  const clock = new ManualClock(WEDNESDAY_MORNING);
  const ctx: TaskContext = {
    db: database.db,
    logger,
    clock,
    // Never called here: the runner does not run.
    session: createOriginSessionClient({
      portal: createHttpOriginPortal({ baseUrl: 'http://127.0.0.1:9', username: 'regapi', password: 'simulador' }),
      clock,
      logger,
      metrics: noPlatformMetrics,
      fence: () => undefined,
    }),
    alerts: createAlerts({ logger }),
    settings: { ...DEFAULT_SETTINGS, account: 'regapi' },
    metrics: noPlatformMetrics,
    epoch: () => undefined,
  };
  return createOrderRunner({
    ctx,
    signal: new AbortController().signal,
    leading: () => true,
    onReport: () => undefined,
    onFailure: () => undefined,
  });
}

function syncCatalogMessage(): IncomingMessage {
  return {
    id: crypto.randomUUID(),
    routingKey: 'origin.task.sync-catalog',
    payload: { kind: 'sync-catalog' },
    headers: {},
    queue: 'origin.tasks',
    redelivered: false,
  };
}

it('fails an internal task still waiting when the runner is abandoned', async () => {
  const abandoned = runner();
  const waiting = abandoned.internal({ kind: 'sync-catalog' }, syncCatalogMessage());
  abandoned.abandon(new StoppingError());
  await expect(waiting).rejects.toBeInstanceOf(StoppingError);
});

it('fails at once an internal task delivered after the runner was abandoned', async () => {
  const abandoned = runner();
  abandoned.abandon(new StoppingError());
  await expect(abandoned.internal({ kind: 'sync-catalog' }, syncCatalogMessage())).rejects.toBeInstanceOf(
    StoppingError,
  );
});
