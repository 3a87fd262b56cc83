import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { createUser, InvalidConsoleUserError } from '../src';
import { createAccount, manualClock } from './support/console-fixture';

const database = useTestDatabase();

describe('console users', () => {
  it('are stored with a lowercased e-mail, an argon2id hash and their role', async () => {
    const clock = manualClock();
    const accountId = await createAccount(database.db);
    const user = await createUser(database.db, clock, {
      accountId,
      email: '  Ana.Souza@Exemplo.COM.br ',
      password: 'correct horse battery',
      role: 'desenvolvimento',
    });
    expect(user).toEqual({ id: user.id, accountId, email: 'ana.souza@exemplo.com.br', role: 'desenvolvimento' });
    const row = await database.db
      .selectFrom('console_user')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row).toMatchObject({ failed_attempts: 0, locked_until: null, totp_secret: null, created_at: clock.now() });
  });

  it('are refused with a reason: bad e-mail, short or long password, unknown account', async () => {
    const clock = manualClock();
    const accountId = await createAccount(database.db);
    const attempt = (email: string, password: string, account = accountId) =>
      createUser(database.db, clock, { accountId: account, email, password, role: 'consulta' });
    await expect(attempt('sem-arroba', 'uma senha longa')).rejects.toEqual(
      new InvalidConsoleUserError('email-invalid'),
    );
    await expect(attempt('a@b.c', 'curta')).rejects.toEqual(new InvalidConsoleUserError('password-too-short'));
    await expect(attempt('a@b.c', 'x'.repeat(257))).rejects.toEqual(new InvalidConsoleUserError('password-too-long'));
    await expect(attempt('a@b.c', 'uma senha longa', randomUUID())).rejects.toEqual(
      new InvalidConsoleUserError('account-unknown'),
    );
  });

  it('cannot be written around the rules: the table refuses a mixed-case e-mail, an unknown role, a non-argon2id hash', async () => {
    const accountId = await createAccount(database.db);
    const insert = (email: string, role: string, hash: string) =>
      sql`INSERT INTO console_user (account_id, email, role, password_hash, created_at)
          VALUES (${accountId}, ${email}, ${role}, ${hash}, now())`.execute(database.db);
    await expect(insert('Maiuscula@exemplo.com.br', 'consulta', '$argon2id$x')).rejects.toMatchObject({
      code: '23514',
    });
    await expect(insert('ok@exemplo.com.br', 'superusuario', '$argon2id$x')).rejects.toMatchObject({ code: '23514' });
    await expect(insert('ok@exemplo.com.br', 'consulta', 'plaintext')).rejects.toMatchObject({ code: '23514' });
    await expect(insert('ok@exemplo.com.br', 'consulta', '$argon2id$x')).resolves.toBeDefined();
  });
});
