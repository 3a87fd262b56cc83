import type { ManualClock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { listen, type RunningServer } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import type { TestDatabase } from '@regapi/testkit';
import { createKeyring, type JwtKeyring } from '@regapi/tokens';
import type { Kysely } from 'kysely';
import { createConsole, createConsoleHttpApp, type LockoutPolicy, type ThrottlePolicy } from '../../src';

/** The keyring of console tests that run without a gateway; a test with a gateway passes the gateway's. */
export const TEST_CONSOLE_KEYRING = createKeyring(
  new Map([['c1', 'test-console-secret-c1-0123456789abcdef0123456789']]),
  'c1',
);

export interface StartConsoleOptions {
  readonly signInThrottle?: ThrottlePolicy;
  readonly keyring?: JwtKeyring;
  /** The gateway's public URL; default a port nothing listens on (tests that never reach the API). */
  readonly apiBaseUrl?: string;
  readonly lockout?: LockoutPolicy;
  readonly resetThrottle?: { readonly perEmail: ThrottlePolicy; readonly perClient: ThrottlePolicy };
  readonly publicUrl?: string;
  readonly totpKey?: Buffer;
  /** The sandbox's database: the console's test mode (docs/decisions/0146). Default none. */
  readonly sandbox?: TestDatabase;
  /** The public API documentation's address (CONSOLE_DOCS_URL, docs/decisions/0156). Default the console's. */
  readonly docsUrl?: string;
}

export async function startConsole(
  database: TestDatabase,
  clock: ManualClock,
  options: StartConsoleOptions = {},
): Promise<RunningServer> {
  const service = createConsole({
    db: database,
    logger: silentLogger(),
    clock,
    keyring: options.keyring ?? TEST_CONSOLE_KEYRING,
    apiBaseUrl: options.apiBaseUrl ?? 'http://127.0.0.1:9',
    ...(options.signInThrottle === undefined ? {} : { signInThrottle: options.signInThrottle }),
    ...(options.lockout === undefined ? {} : { lockout: options.lockout }),
    ...(options.resetThrottle === undefined ? {} : { resetThrottle: options.resetThrottle }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    ...(options.totpKey === undefined ? {} : { totpKey: options.totpKey }),
    ...(options.sandbox === undefined ? {} : { sandbox: { db: options.sandbox } }),
    ...(options.docsUrl === undefined ? {} : { docsUrl: options.docsUrl }),
  });
  return listen(createConsoleHttpApp(service), 0);
}

/** A browser's cookie jar for one origin, as far as these tests need: names and values, Set-Cookie lines kept. */
export class ConsoleVisitor {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string> | readonly (readonly [string, string])[] } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // Pairs for a repeated field (checkboxes): `[['escopos', 'a'], ['escopos', 'b']]`.
      const pairs: [string, string][] = Array.isArray(init.form)
        ? init.form.map(([name, value]): [string, string] => [name, value])
        : Object.entries(init.form);
      body = new URLSearchParams(pairs).toString();
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** GET /entrar and the CSRF token its form carries. */
  async openSignInForm(): Promise<string> {
    const page = await (await this.request('/entrar')).text();
    return csrfOf(page);
  }

  async signIn(email: string, password: string): Promise<Response> {
    const csrf = await this.openSignInForm();
    return this.request('/entrar', { form: { csrf, email, senha: password } });
  }
}

export function csrfOf(page: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(page);
  if (match?.[1] === undefined) throw new Error('the page has no CSRF field');
  return match[1];
}

/** The link (path only) in the newest console mail to `recipient`, as the person would click it. */
export async function linkMailedTo(db: Kysely<Database>, recipient: string): Promise<string> {
  const row = await db
    .selectFrom('console_mail')
    .select('body')
    .where('recipient', '=', recipient.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const match = /https?:\/\/[^/\s]+(\/(?:convite|senha\/nova)\/[A-Za-z0-9_-]{43})/.exec(row?.body ?? '');
  if (match?.[1] === undefined) throw new Error(`no link mailed to ${recipient}`);
  return match[1];
}
