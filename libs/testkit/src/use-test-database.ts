import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The file's own database as a fixture (decision 0118): created before its first test, dropped after its last, by the
 * beforeAll and afterAll this registers where it is called (a file's top level or a describe). What it returns stands
 * for that database: read its members inside tests and hooks, where the database exists.
 */
export function useTestDatabase(options: { readonly migrate?: boolean } = {}): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.drop();
    current = undefined;
  });
  return databaseStandIn(() => {
    if (current === undefined)
      throw new Error('the test database is used outside its tests (before or after its hooks)');
    return current;
  });
}

/** A `TestDatabase` whose every member is read from the one `current` returns at the time (a fixture's, once open). */
export function databaseStandIn(current: () => TestDatabase): TestDatabase {
  return {
    get db() {
      return current().db;
    },
    get pool() {
      return current().pool;
    },
    get url() {
      return current().url;
    },
    get name() {
      return current().name;
    },
    close: () => current().close(),
    drop: () => current().drop(),
  };
}
