import { useTestDatabase } from '@regapi/testkit';
import { type ConsoleAuthDeps, createUser, DEFAULT_LOCKOUT_POLICY, InvalidConsoleUserError, signIn } from '../src';
import { createAccount, createTestUser, manualClock } from './support/console-fixture';

const MINUTE = 60_000;
const CLIENT = '203.0.113.7';

const database = useTestDatabase();

function auditActions(userId: string): Promise<string[]> {
  return database.db
    .selectFrom('console_audit')
    .select('action')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.action));
}

describe('console sign-in', () => {
  it('signs in with the right password whatever the e-mail case, and records it', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    const result = await signIn({ db: database.db, clock }, ` ${user.email.toUpperCase()} `, user.password, CLIENT);
    expect(result).toMatchObject({ kind: 'signed-in', userId: user.id, accountId: user.accountId });
    const audit = await database.db
      .selectFrom('console_audit')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'auth.sign-in', account_id: user.accountId, params: { client: CLIENT } });
  });

  it('refuses an unknown e-mail exactly as a wrong password, and an e-mail already taken', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    const deps: ConsoleAuthDeps = { db: database.db, clock };
    await expect(signIn(deps, 'ninguem@exemplo.com.br', user.password, CLIENT)).resolves.toEqual({ kind: 'refused' });
    await expect(signIn(deps, user.email, 'senha errada mas longa', CLIENT)).resolves.toEqual({ kind: 'refused' });
    await expect(
      createUser(database.db, clock, { accountId: user.accountId, email: user.email, role: 'consulta' }),
    ).rejects.toEqual(new InvalidConsoleUserError('email-taken'));
  });

  it('refuses an invited user who has no password yet, and a disabled user', async () => {
    const clock = manualClock();
    const accountId = await createAccount(database.db);
    const invited = await createUser(database.db, clock, {
      accountId,
      email: 'convidado@exemplo.com.br',
      role: 'consulta',
    });
    const deps: ConsoleAuthDeps = { db: database.db, clock };
    await expect(signIn(deps, invited.email, 'qualquer senha longa', CLIENT)).resolves.toEqual({ kind: 'refused' });
    const disabled = await createTestUser(database.db, clock, { accountId });
    await database.db
      .updateTable('console_user')
      .set({ disabled_at: clock.now() })
      .where('id', '=', disabled.id)
      .execute();
    await expect(signIn(deps, disabled.email, disabled.password, CLIENT)).resolves.toEqual({ kind: 'refused' });
  });

  it('locks after 5 wrong passwords, refuses even the right one until the lock ends, and doubles the next lock', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    const deps: ConsoleAuthDeps = { db: database.db, clock };
    const { freeFailures, firstLockMs } = DEFAULT_LOCKOUT_POLICY;
    expect(freeFailures).toBe(5);
    for (let attempt = 1; attempt < freeFailures; attempt += 1) {
      await expect(signIn(deps, user.email, `errada numero ${attempt}`, CLIENT)).resolves.toEqual({ kind: 'refused' });
    }
    const firstLock = new Date(clock.now().getTime() + firstLockMs);
    await expect(signIn(deps, user.email, 'errada numero 5', CLIENT)).resolves.toEqual({
      kind: 'locked',
      until: firstLock,
    });

    // Locked: the same answer for the right and a wrong password, and no attempt counted.
    clock.advance(firstLockMs - 1);
    await expect(signIn(deps, user.email, user.password, CLIENT)).resolves.toEqual({
      kind: 'locked',
      until: firstLock,
    });
    await expect(signIn(deps, user.email, 'errada de novo', CLIENT)).resolves.toEqual({
      kind: 'locked',
      until: firstLock,
    });

    // Lock over: one more failure locks again, for twice as long.
    clock.advance(1);
    const secondLock = new Date(clock.now().getTime() + 2 * firstLockMs);
    await expect(signIn(deps, user.email, 'errada numero 6', CLIENT)).resolves.toEqual({
      kind: 'locked',
      until: secondLock,
    });
    clock.set(secondLock);
    await expect(signIn(deps, user.email, user.password, CLIENT)).resolves.toMatchObject({ kind: 'signed-in' });

    // The success cleared the count: the next wrong password is free again.
    await expect(signIn(deps, user.email, 'errada depois', CLIENT)).resolves.toEqual({ kind: 'refused' });
    expect(await auditActions(user.id)).toEqual([
      ...Array<string>(4).fill('auth.refused'),
      'auth.refused',
      'auth.lockout',
      'auth.refused',
      'auth.lockout',
      'auth.sign-in',
      'auth.refused',
    ]);
  });

  it('keeps the lock in PostgreSQL: a second replica (its own pool) sees it', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await signIn({ db: database.db, clock }, user.email, 'errada x', CLIENT);
    const replica = await import('@regapi/db').then(({ createDb }) => createDb(database.url, { max: 2 }));
    try {
      const answer = await signIn({ db: replica.db, clock }, user.email, user.password, '198.51.100.1');
      expect(answer.kind).toBe('locked');
    } finally {
      await replica.close();
    }
  });

  it('counts concurrent wrong guesses one by one: no guess slips past the lock', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        signIn({ db: database.db, clock }, user.email, `palpite ${index}`, CLIENT),
      ),
    );
    expect(guesses.filter((answer) => answer.kind === 'refused')).toHaveLength(4);
    expect(guesses.filter((answer) => answer.kind === 'locked')).toHaveLength(4);
    const row = await database.db
      .selectFrom('console_user')
      .select('failed_attempts')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
  });

  it('forgets old failures after a day without one', async () => {
    const clock = manualClock();
    const user = await createTestUser(database.db, clock);
    const deps: ConsoleAuthDeps = { db: database.db, clock };
    for (let attempt = 1; attempt <= 4; attempt += 1) await signIn(deps, user.email, 'errada y', CLIENT);
    clock.advance(DEFAULT_LOCKOUT_POLICY.forgetAfterMs);
    await expect(signIn(deps, user.email, 'errada z', CLIENT)).resolves.toEqual({ kind: 'refused' });
    clock.advance(MINUTE);
    await expect(signIn(deps, user.email, user.password, CLIENT)).resolves.toMatchObject({ kind: 'signed-in' });
  });
});
