import { createHash } from 'node:crypto';
import type pg from 'pg';
import { PG_ERROR, pgErrorCode } from './pg-errors';

/**
 * Distinct statement texts a process names at most. The code's statements are a fixed set (kysely writes the same
 * text for the same query); the cap only guards against texts that vary with their input (an `IN` list of any
 * length), which stay unnamed past it rather than fill every connection's memory on the server.
 */
export const MAX_NAMED_STATEMENTS = 2_000;

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;
type Query = (config: pg.QueryConfig) => Promise<pg.QueryResult>;

/** PostgreSQL's answer to a prepared statement whose columns changed under it (a migration added one). */
function isStalePlan(error: unknown): boolean {
  return pgErrorCode(error) === PG_ERROR.FEATURE_NOT_SUPPORTED && /cached plan must not change/.test(String(error));
}

/** The name each statement text is prepared under, in this process. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** Bumped when the schema changed under the prepared statements: every text is prepared afresh, under new names. */
  private generation = 0;

  constructor(private readonly max: number = MAX_NAMED_STATEMENTS) {}

  /** The name of `text`, or undefined once the cap is reached (the statement then runs unnamed). */
  of(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.max) return undefined;
    const name = `regapi_${this.generation}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  invalidate(): void {
    this.generation += 1;
    this.names.clear();
  }
}

/**
 * Runs every parameterized statement of the pool's clients as a NAMED statement: PostgreSQL parses and plans it once
 * per connection and then reuses the plan (docs/decisions/0041), where an unnamed statement is planned on every call.
 * Kysely sends the same text for the same query, so the hot paths (a poll, an acceptance) stop paying the planner on
 * every request. Statements without parameters (BEGIN, COMMIT, DDL) run as they are.
 *
 * When a migration changes the columns a prepared statement returns, PostgreSQL refuses it ("cached plan must not
 * change result type"): that call fails, and every later one is prepared afresh under new names.
 */
export function prepareStatements(pool: pg.Pool, names: StatementNames = new StatementNames()): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client);
    const query = original as unknown as Query;
    const unnamed = original as unknown as (...args: unknown[]) => unknown;
    const named = (text: string, values: unknown[], callback: QueryCallback | undefined, name: string) => {
      const result = query({ name, text, values }).catch((error: unknown) => {
        if (isStalePlan(error)) names.invalidate();
        throw error;
      });
      if (callback === undefined) return result;
      result.then(
        (value) => callback(null, value),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      return undefined;
    };
    const preparing = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.of(config);
        if (name !== undefined) {
          return named(config, values, typeof callback === 'function' ? (callback as QueryCallback) : undefined, name);
        }
      }
      return unnamed(config, values, callback);
    };
    Object.assign(client, { query: preparing });
  });
}
