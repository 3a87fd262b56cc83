import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended configuration (docs/decisions/0070): 19 MiB of memory, 2 passes, 1 lane,
 * a 16-byte random salt (the library draws it) and a 32-byte output. The PHC string records them, so raising them
 * later still verifies the hashes written before.
 */
export const PASSWORD_HASH_PARAMETERS = {
  // Algorithm.Argon2id: the package declares it as an ambient const enum, which isolatedModules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** Shortest and longest password accepted: long enough for a passphrase, short enough to bound the work. */
export const PASSWORD_LENGTH = { min: 12, max: 256 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_PARAMETERS);
}

/** False for a wrong password and for a malformed stored hash alike: neither signs anyone in. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, for an unknown e-mail or a user who cannot sign in: the answer
 * then takes as long as a wrong password's, and does not tell which e-mails have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not the password of anyone: a fixed dummy');
  await verifyPassword(await dummyHash, password);
}
