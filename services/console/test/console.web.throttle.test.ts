import { manualClock } from './support/console-fixture';
import { ConsoleVisitor } from './support/console-web';
import { useConsole } from './support/use-console';

const clock = manualClock();
const { server } = useConsole(clock, {
  console: { signInThrottle: { limit: 3, windowMs: 60_000, maxAddresses: 100 } },
});

describe('console sign-in throttle', () => {
  it('refuses a fourth POST /entrar from one address within the window, before any password work, then lets it in again', async () => {
    const visitor = new ConsoleVisitor(server.url);
    const csrf = await visitor.openSignInForm();
    const attempt = () => visitor.request('/entrar', { form: { csrf, email: 'ninguem@exemplo.com.br', senha: 'x' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('60');
    expect(await throttled.text()).toContain('Muitas tentativas');
    clock.advance(60_000);
    expect((await attempt()).status).toBe(401);
  });
});
