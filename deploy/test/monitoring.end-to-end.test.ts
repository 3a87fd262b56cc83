import { startSystem, type TestSystem } from './support/system';
import {
  expectOneEventPerChangedRun,
  type HookReceiver,
  sandboxApi,
  startHookReceiver,
} from './support/watch-change-scenario';

// Issue 30 "Done when", in the distributed shape (every service on RabbitMQ): a watch whose result changes between two
// runs produces exactly one change event and one correct diff. The standalone shape runs the same scenario in
// standalone.smoke.test.ts.

jest.setTimeout(120_000);

/** The sandbox's clock: a daily watch runs every 8.64 s, a search takes milliseconds. */
const TIME_SCALE = 0.0001;

let system: TestSystem;
let hooks: HookReceiver;

beforeAll(async () => {
  hooks = await startHookReceiver();
  system = await startSystem({ sandbox: true, timeScale: TIME_SCALE, webhooks: true, watchRunsEveryMs: 1_000 });
});

afterAll(async () => {
  await system?.close();
  await hooks?.close();
});

test("a sandbox watch whose findings change: one change event per changed run, with the run's diff", async () => {
  if (system.sandbox === undefined) throw new Error('the system was started without its sandbox');
  const { token } = await system.sandbox.customer();
  await expectOneEventPerChangedRun(sandboxApi(system.url, token), hooks);
});
