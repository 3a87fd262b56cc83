import { ORIGIN_PATHS, SESSION_COOKIE, WIRE_ERRORS } from '@regapi/origin';
import { type StartedSimulator, startSimulator } from './start-simulator';

/** Contract 1.7 and issue 3, at the wire: one account, one session, one call at a time. */
describe('single session per account', () => {
  let started: StartedSimulator;
  beforeAll(async () => {
    started = await startSimulator();
  });
  afterAll(() => started.close());
  beforeEach(() => started.control.reset());

  async function login(): Promise<string> {
    const response = await fetch(`${started.url}${ORIGIN_PATHS.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        usuario: started.simulator.credentials.username,
        senha: started.simulator.credentials.password,
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (!cookie) throw new Error('no session cookie');
    return cookie.split(';')[0] ?? '';
  }

  const get = (path: string, cookie?: string) => fetch(`${started.url}${path}`, { headers: cookie ? { cookie } : {} });
  const erro = async (response: Response) => ((await response.json()) as { erro: string }).erro;

  it('refuses a call without a session', async () => {
    const response = await get(ORIGIN_PATHS.tariffs);
    expect(response.status).toBe(401);
    expect(await erro(response)).toBe(WIRE_ERRORS.sessionMissing);
  });

  it('refuses wrong credentials', async () => {
    const response = await fetch(`${started.url}${ORIGIN_PATHS.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'regapi', senha: 'errada' }),
    });
    expect(response.status).toBe(401);
    expect(await erro(response)).toBe(WIRE_ERRORS.credentialsRefused);
  });

  it('a new login kicks the old session: its next call is "session expired"', async () => {
    const first = await login();
    expect((await get(ORIGIN_PATHS.tariffs, first)).status).toBe(200);
    const second = await login();
    const kicked = await get(ORIGIN_PATHS.tariffs, first);
    expect(kicked.status).toBe(401);
    expect(await erro(kicked)).toBe(WIRE_ERRORS.sessionExpired);
    expect((await get(ORIGIN_PATHS.tariffs, second)).status).toBe(200);
  });

  it('a second call while one runs on the session is refused, not queued', async () => {
    const cookie = await login();
    const [owner] = await started.control.samples();
    const running = fetch(`${started.url}${ORIGIN_PATHS.searches}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ documento: owner?.cpfCnpj, uf: owner?.uf, finalidade: 2 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = await get(ORIGIN_PATHS.tariffs, cookie);
    expect(refused.status).toBe(409);
    expect(await erro(refused)).toBe(WIRE_ERRORS.sessionBusy);
    expect((await running).status).toBe(200);
    expect((await get(ORIGIN_PATHS.tariffs, cookie)).status).toBe(200);
  });

  it('a call running when another login happens answers "session expired", though the origin did the work', async () => {
    const cookie = await login();
    const [owner] = await started.control.samples();
    const running = fetch(`${started.url}${ORIGIN_PATHS.searches}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ documento: owner?.cpfCnpj, uf: owner?.uf, finalidade: 2 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await login();
    const answer = await running;
    expect(answer.status).toBe(401);
    expect(await erro(answer)).toBe(WIRE_ERRORS.sessionExpired);
    const received = (await started.control.receivedOrders?.()) ?? [];
    expect(received.filter((order) => order.operation === 'search')).toHaveLength(1);
  });

  it('an idle session expires after 30 minutes of origin time', async () => {
    const cookie = await login();
    await started.control.advanceTime?.(29 * 60 * 1000);
    expect((await get(ORIGIN_PATHS.tariffs, cookie)).status).toBe(200);
    await started.control.advanceTime?.(31 * 60 * 1000);
    const expired = await get(ORIGIN_PATHS.tariffs, cookie);
    expect(expired.status).toBe(401);
    expect(await erro(expired)).toBe(WIRE_ERRORS.sessionExpired);
  });

  it('document links need no session', async () => {
    const cookie = await login();
    const [owner] = await started.control.samples();
    const search = await fetch(`${started.url}${ORIGIN_PATHS.searches}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ documento: owner?.cpfCnpj, uf: owner?.uf, finalidade: 2 }),
    });
    const { comprovante_url } = (await search.json()) as { comprovante_url: string };
    await login(); // the session that ordered it is gone
    const receipt = await fetch(comprovante_url);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toContain('application/pdf');
  });
});
