import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';

/** An Idempotency-Key claimed by a transaction that neither commits nor rolls back until released. */
export interface HeldKey {
  /** Rolls the holder back (the key is free again) and waits until it has. */
  release(): Promise<void>;
}

/**
 * Claims `key` for `accountId` in another transaction, as a request stuck mid-acceptance would, and keeps it open;
 * resolves once the claim is made.
 */
export async function holdKey(db: Kysely<Database>, accountId: string, key: string): Promise<HeldKey> {
  let claimed: () => void = () => undefined;
  let release: () => void = () => undefined;
  const isClaimed = new Promise<void>((resolve) => {
    claimed = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holder = db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('idempotency_key')
        .values({ account_id: accountId, key, fingerprint: 'another request', created_at: new Date() })
        .execute();
      claimed();
      await released;
      throw new Error('rolled back on purpose');
    })
    .catch(() => undefined);
  await isClaimed;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
