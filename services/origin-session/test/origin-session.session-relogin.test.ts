import { lastCatalogSync } from '@regapi/catalog';
import type { OriginPortal } from '@regapi/origin';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

let harness: Harness;
let logins = 0;
/** Set by a test: the next search's answer reaches origin-session this much later (by the test's clock). */
let nextAnswerLateByMs = 0;

beforeAll(async () => {
  harness = await startHarness({
    wrapPortal: (portal): OriginPortal => ({
      ...portal,
      login: (options) => {
        logins++;
        return portal.login(options);
      },
      searchProperties: async (query, options) => {
        const answer = await portal.searchProperties(query, options);
        harness.clock.advance(nextAnswerLateByMs);
        nextAnswerLateByMs = 0;
        return answer;
      },
    }),
  });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

const attemptsOf = (orderId: string) =>
  harness.database.db
    .selectFrom('origin_order_attempt')
    .select(['outcome', 'numero_pedido'])
    .where('order_id', '=', orderId)
    .orderBy('started_at')
    .execute();

test('one session: logged in once for the catalog sync and every order after it', async () => {
  expect(logins).toBe(1);
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'AC' });
  await harness.waitForState(order.id, ['finished']);
  expect(logins).toBe(1);
});

test("session kicked mid-run: log in again, see after the origin's maximum time that nothing was placed, place it once, deliver", async () => {
  await harness.control.armFault?.('session-kicked', 'search', 1);
  const before = logins;
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'AL' });
  // A lost session proves nothing: the search may still be scanning at the origin, unlisted (docs/decisions/0110).
  const done = await harness.finishThroughDoubt(order.id);
  expect(done.code).toBe(612);
  expect(logins).toBe(before + 1);
  expect(await attemptsOf(order.id)).toEqual([
    { outcome: 'session-lost', numero_pedido: null },
    { outcome: 'nothing-found', numero_pedido: done.numeroPedido },
  ]);
  const received = (await harness.receivedOrders()).filter((entry) => entry.input.uf === 'AL');
  expect(received.map((entry) => entry.result)).toEqual(['SESSAO_EXPIRADA', 'NEGATIVO']);
});

test("idle past the origin's session window: a new login BEFORE the call, never a lost session", async () => {
  const before = logins;
  harness.clock.advance(31 * 60_000);
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'AP' });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(612);
  expect(logins).toBe(before + 1);
  expect(await attemptsOf(order.id)).toEqual([{ outcome: 'nothing-found', numero_pedido: done.numeroPedido }]);
});

test("the origin's idle window runs from the call's send: an answer that came back late never hides an expiry", async () => {
  // The origin saw the session last when it answered; by our clock the answer arrives past its window.
  nextAnswerLateByMs = 31 * 60_000;
  const late = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'AM' });
  expect((await harness.waitForState(late.id, ['finished'])).code).toBe(612);
  const before = logins;
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'BA' });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(612);
  expect(logins).toBe(before + 1);
  expect(await attemptsOf(order.id)).toEqual([{ outcome: 'nothing-found', numero_pedido: done.numeroPedido }]);
});
