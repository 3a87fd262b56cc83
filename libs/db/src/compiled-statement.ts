import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/** Stands for the argument at `index` while the statement is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** Where each parameter of the compiled text comes from: an argument of the call, or a constant of the statement. */
type ParameterSource = { readonly argument: number } | { readonly constant: unknown };

interface Compiled {
  readonly sql: string;
  readonly sources: readonly ParameterSource[];
}

/** A statement compiled once and bound afresh per call: see `compiledStatement`. */
export interface CompiledStatement<Args extends readonly unknown[], Row> {
  /** The rows of one execution, on `db` (a transaction is a Kysely too). */
  execute(db: Kysely<Database>, ...args: Args): Promise<Row[]>;
}

function compile<Args extends readonly unknown[]>(
  db: Kysely<Database>,
  build: (...args: Args) => RawBuilder<unknown>,
  arity: number,
): Compiled {
  const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
  const compiled = build(...(slots as unknown as Args)).compile(db);
  const sources = compiled.parameters.map(
    (parameter): ParameterSource =>
      parameter instanceof Slot ? { argument: parameter.index } : { constant: parameter },
  );
  for (const slot of slots) {
    if (!sources.some((source) => 'argument' in source && source.argument === slot.index)) {
      throw new Error(`compiledStatement: argument ${slot.index} is not a parameter of the statement`);
    }
  }
  return { sql: compiled.sql, sources };
}

/**
 * A raw statement for a hot path, built and compiled by kysely ONCE; each call only binds its values. Compiling per
 * call (building the operation tree, freezing it, writing the text) cost a poll about a tenth of its time, and a
 * fresh text also had to be hashed again to find its prepared statement (docs/decisions/0045).
 *
 * `build` receives stand-ins for the arguments and must only interpolate them as values (`${arg}`): the text may not
 * depend on them. Reading one (`arg.getTime()`) fails at the first call; an argument that never reaches the text as a
 * parameter (used in a condition of the builder) is refused then too. `arity` is the number of arguments.
 */
export function compiledStatement<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (...args: Args) => RawBuilder<Row>,
): CompiledStatement<Args, Row> {
  let compiled: Compiled | undefined;
  return {
    async execute(db, ...args) {
      compiled ??= compile(db, build, arity);
      const parameters = compiled.sources.map((source) =>
        'argument' in source ? args[source.argument] : source.constant,
      );
      const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
      return result.rows;
    },
  };
}
