import { useTestDatabase } from '@regapi/testkit';
import {
  DEFAULT_SESSION_LIFETIME,
  revokeUserSessions,
  sessionIdOf,
  sessionOf,
  signIn,
  signOut,
  verifyCsrf,
} from '../src';
import { createTestUser, manualClock } from './support/console-fixture';

const database = useTestDatabase();

async function signedIn(clock = manualClock()) {
  const user = await createTestUser(database.db, clock, { role: 'financeiro' });
  const result = await signIn({ db: database.db, clock }, user.email, user.password, '127.0.0.1');
  if (result.kind !== 'signed-in') throw new Error(`sign-in refused: ${result.kind}`);
  return { clock, user, session: result.session };
}

describe('console sessions', () => {
  it('open with their token and tell who is signed in', async () => {
    const { clock, user, session } = await signedIn();
    const opened = await sessionOf(database.db, clock, session.token);
    expect(opened).toMatchObject({
      id: session.id,
      userId: user.id,
      accountId: user.accountId,
      email: user.email,
      role: 'financeiro',
      csrfToken: session.csrfToken,
    });
    // One character changed (never to itself: a 32-byte token's last character is one of 16, 'A' among them).
    const altered = `${session.token.slice(0, -1)}${session.token.endsWith('A') ? 'B' : 'A'}`;
    await expect(sessionOf(database.db, clock, altered)).resolves.toBeUndefined();
    await expect(sessionOf(database.db, clock, 'not a token')).resolves.toBeUndefined();
  });

  it('store the token only as its SHA-256, never in clear', async () => {
    const { session } = await signedIn();
    const rows = await database.db.selectFrom('console_session').selectAll().execute();
    const stored = JSON.stringify(rows.map((row) => ({ ...row, csrf_secret: row.csrf_secret.toString('base64url') })));
    expect(stored).not.toContain(session.token);
    expect(rows.map((row) => row.id)).toContain(sessionIdOf(session.token));
    expect(session.id).toBe(sessionIdOf(session.token));
  });

  it('end after the idle time without a request, and live on while used', async () => {
    const { clock, session } = await signedIn();
    const { idleMs } = DEFAULT_SESSION_LIFETIME;
    for (let step = 0; step < 4; step += 1) {
      clock.advance(idleMs - 1);
      await expect(sessionOf(database.db, clock, session.token)).resolves.toBeDefined();
    }
    clock.advance(idleMs);
    await expect(sessionOf(database.db, clock, session.token)).resolves.toBeUndefined();
  });

  it('end at the absolute expiry however busy', async () => {
    const { clock, session } = await signedIn();
    const { idleMs, absoluteMs } = DEFAULT_SESSION_LIFETIME;
    const end = clock.now().getTime() + absoluteMs;
    while (clock.now().getTime() + idleMs / 2 < end) {
      clock.advance(idleMs / 2);
      await expect(sessionOf(database.db, clock, session.token)).resolves.toBeDefined();
    }
    clock.set(new Date(end));
    await expect(sessionOf(database.db, clock, session.token)).resolves.toBeUndefined();
  });

  it('end at sign-out (recorded) and when the user is disabled or all their sessions revoked', async () => {
    const { clock, user, session } = await signedIn();
    await expect(signOut(database.db, clock, session.token)).resolves.toBe(true);
    await expect(sessionOf(database.db, clock, session.token)).resolves.toBeUndefined();
    await expect(signOut(database.db, clock, session.token)).resolves.toBe(false);
    const actions = await database.db
      .selectFrom('console_audit')
      .select('action')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['auth.sign-in', 'auth.sign-out']);

    const second = await signIn({ db: database.db, clock }, user.email, user.password, '127.0.0.1');
    const third = await signIn({ db: database.db, clock }, user.email, user.password, '127.0.0.1');
    if (second.kind !== 'signed-in' || third.kind !== 'signed-in') throw new Error('sign-in refused');
    await expect(revokeUserSessions(database.db, user.id, clock.now())).resolves.toBe(2);
    await expect(sessionOf(database.db, clock, second.session.token)).resolves.toBeUndefined();
    await expect(sessionOf(database.db, clock, third.session.token)).resolves.toBeUndefined();

    const fourth = await signIn({ db: database.db, clock }, user.email, user.password, '127.0.0.1');
    if (fourth.kind !== 'signed-in') throw new Error('sign-in refused');
    await database.db.updateTable('console_user').set({ disabled_at: clock.now() }).where('id', '=', user.id).execute();
    await expect(sessionOf(database.db, clock, fourth.session.token)).resolves.toBeUndefined();
  });
});

describe('console CSRF tokens', () => {
  it('verify only for the session they were made for', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const session = await sessionOf(database.db, mine.clock, mine.session.token);
    const other = await sessionOf(database.db, theirs.clock, theirs.session.token);
    if (session === undefined || other === undefined) throw new Error('session missing');
    expect(verifyCsrf(session, mine.session.csrfToken)).toBe(true);
    expect(verifyCsrf(session, session.csrfToken)).toBe(true);
    expect(verifyCsrf(session, theirs.session.csrfToken)).toBe(false);
    expect(verifyCsrf(other, mine.session.csrfToken)).toBe(false);
    expect(verifyCsrf(session, `${mine.session.csrfToken}x`)).toBe(false);
    expect(verifyCsrf(session, '')).toBe(false);
    expect(verifyCsrf(session, undefined)).toBe(false);
    expect(verifyCsrf(session, [mine.session.csrfToken])).toBe(false);
  });
});
