import { hashPassword, PASSWORD_HASH_PARAMETERS, verifyPassword } from '../src';

describe('console passwords', () => {
  it('are hashed with argon2id at the stated parameters, salted, and verify only the same password', async () => {
    const first = await hashPassword('uma senha bem comprida');
    const second = await hashPassword('uma senha bem comprida');
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_PARAMETERS;
    expect(first.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)).toBe(true);
    expect(first).not.toBe(second);
    expect(first).not.toContain('uma senha');
    await expect(verifyPassword(first, 'uma senha bem comprida')).resolves.toBe(true);
    await expect(verifyPassword(second, 'uma senha bem comprida')).resolves.toBe(true);
    await expect(verifyPassword(first, 'uma senha bem comprid')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'uma senha bem comprida')).resolves.toBe(false);
  });
});
