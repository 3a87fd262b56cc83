import { ManualClock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { type ConsoleRole, type ConsoleUser, createUser } from '../../src';

export const START = new Date('2026-11-24T12:00:00Z');

export function manualClock(): ManualClock {
  return new ManualClock(START);
}

/** A customer account: console users need one to belong to. */
export async function createAccount(db: Kysely<Database>, name = 'Escritório Teste'): Promise<string> {
  const row = await db.insertInto('account').values({ name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

let users = 0;

export async function createTestUser(
  db: Kysely<Database>,
  clock: ManualClock,
  options: { accountId?: string; role?: ConsoleRole; password?: string } = {},
): Promise<ConsoleUser & { password: string }> {
  users += 1;
  const password = options.password ?? `senha correta ${users} de teste`;
  const user = await createUser(db, clock, {
    accountId: options.accountId ?? (await createAccount(db)),
    email: `Pessoa${users}@Exemplo.com.br`,
    password,
    role: options.role ?? 'administrador',
  });
  return { ...user, password };
}
