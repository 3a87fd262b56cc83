import { lastCatalogSync } from '@regapi/catalog';
import type { OriginPortal } from '@regapi/origin';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

// Stopping origin-session (a deploy, a restart) with an origin call in flight: the task gets `stopGraceMs` to finish,
// so its order is not left in doubt (for a certificate: ten minutes, then placed again and maybe refused as a
// repeat); past the grace the call is cut and the task is redelivered to the next instance, which resolves the doubt.

const CPF = '529.982.247-25';

interface SlowSearches {
  readonly wrap: (portal: OriginPortal) => OriginPortal;
  /** Resolves when the first search reached the portal. */
  readonly firstStarted: Promise<void>;
  /** How the first search's hold ended so far: its time ran out (`released`), or the stop aborted it (`cut`). */
  readonly firstHold: () => 'holding' | 'released' | 'cut';
}

/** Holds the FIRST search `delayMs` before it goes to the origin (less if the call is aborted meanwhile). */
function slowFirstSearch(delayMs: number): SlowSearches {
  let started: () => void = () => undefined;
  const firstStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  let calls = 0;
  let hold: 'holding' | 'released' | 'cut' = 'holding';
  const wrap = (portal: OriginPortal): OriginPortal => ({
    ...portal,
    searchProperties: async (query, options) => {
      calls += 1;
      if (calls === 1) {
        started();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            hold = 'released';
            resolve();
          }, delayMs);
          options.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            // A signal aborted after the hold ended (the stop's own end) cuts nothing.
            if (hold === 'holding') hold = 'cut';
            resolve();
          });
        });
      }
      return portal.searchProperties(query, options);
    },
  });
  return { wrap, firstStarted, firstHold: () => hold };
}

describe('within the grace', () => {
  let harness: Harness;
  const slow = slowFirstSearch(700);

  beforeAll(async () => {
    // A grace no load can run out: what is tested is that stop waits for the call, not how fast the machine is.
    harness = await startHarness({ wrapPortal: slow.wrap, settings: { stopGraceMs: 60_000 } });
    await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
  });

  afterAll(async () => {
    await harness.close();
  });

  test('stop waits for the origin call in flight: the order has its result, one attempt, one origin order', async () => {
    const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: CPF, uf: 'BA' });
    await slow.firstStarted;
    await harness.service?.stop();
    // Stop returned only after the held call went on to the origin on its own: it waited, nothing cut it.
    expect(slow.firstHold()).toBe('released');
    const after = await harness.order(order.id);
    // Settled: its receipts go to the archive next (the order shows `finished` once they are kept; the harness's relay
    // and archive stand-in go on after the service stopped, so either may be read here).
    expect(['archiving', 'finished']).toContain(after.state);
    expect(after.attempts).toBe(1);
    const received = (await harness.receivedOrders()).filter((entry) => entry.input.uf === 'BA');
    expect(received).toHaveLength(1);
  });
});

describe('past the grace', () => {
  let harness: Harness;
  // Held far past the grace: only the stop's cut can end the hold while the test runs.
  const slow = slowFirstSearch(600_000);

  beforeAll(async () => {
    harness = await startHarness({ wrapPortal: slow.wrap, settings: { stopGraceMs: 100 } });
    await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
  });

  afterAll(async () => {
    await harness.close();
  });

  test('the call is cut, the order stays in doubt, and the next start resolves it with one origin order', async () => {
    const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: CPF, uf: 'CE' });
    await slow.firstStarted;
    await harness.service?.stop();
    expect(slow.firstHold()).toBe('cut');
    const cut = await harness.order(order.id);
    expect(cut.state).toBe('running');
    expect(cut.attempts).toBe(1);

    // The next instance finds it in doubt: nothing at the origin, no answer seen, so it waits the search's maximum
    // time (180 s + margin) before placing it again.
    await harness.service?.start();
    await waitFor(async () => ((await harness.order(order.id)).attempts === 2 ? true : undefined), {
      what: 'the redelivered run',
    });
    harness.clock.advance(5 * 60_000);
    const done = await harness.waitForState(order.id, ['finished']);
    expect(done.code).not.toBe(605);
    const received = (await harness.receivedOrders()).filter((entry) => entry.input.uf === 'CE');
    expect(received).toHaveLength(1);
  });
});
