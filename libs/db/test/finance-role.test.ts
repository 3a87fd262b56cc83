import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { applyFinanceRole, FINANCE_ROLE, FINANCE_VIEWS } from '../src';

// Issue 18 (docs/decisions/0104): regapi_finance reads exactly the views docs/finance.md documents, column by column,
// and can neither read anything else nor write anything. Proved with SET ROLE: the role is cluster-wide and shared
// by every test database, so no test gives it a password.

const database = useTestDatabase();

const DOC = readFileSync(join(__dirname, '../../../docs/finance.md'), 'utf8');

/** The `### \`view\`` sections of docs/finance.md, each with the columns its table lists. */
function documentedViews(): Map<string, string[]> {
  const views = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of DOC.split('\n')) {
    const heading = /^### `([a-z_]+)`$/.exec(line);
    if (heading?.[1] !== undefined) {
      current = [];
      views.set(heading[1], current);
    } else if (line.startsWith('## ')) {
      current = undefined;
    } else if (current !== undefined) {
      const row = /^\| `([a-z_]+)` \|/.exec(line);
      if (row?.[1] !== undefined) current.push(row[1]);
    }
  }
  return views;
}

/** Runs `statement` as regapi_finance; the SQLSTATE it failed with, or 'ok'. */
async function asFinance(statement: string): Promise<string> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL ROLE ${FINANCE_ROLE}`).execute(trx);
      await sql.raw(statement).execute(trx);
    });
    return 'ok';
  } catch (error: unknown) {
    return String((error as { code?: unknown }).code ?? error);
  }
}

const relations = async () =>
  (
    await sql<{ name: string; kind: string; readable: boolean; writable: boolean }>`
      SELECT c.relname AS name, c.relkind::text AS kind,
             has_table_privilege(${FINANCE_ROLE}, c.oid, 'SELECT') AS readable,
             has_table_privilege(${FINANCE_ROLE}, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
               AS writable
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p', 'f', 'S')
      ORDER BY c.relname`.execute(database.db)
  ).rows;

test('the granted views are exactly the documented ones, and each is documented column by column', async () => {
  const documented = documentedViews();
  expect([...documented.keys()].sort()).toEqual([...FINANCE_VIEWS].sort());
  const all = await relations();
  expect(all.length).toBeGreaterThan(40);
  expect(all.filter((r) => r.readable).map((r) => r.name)).toEqual([...FINANCE_VIEWS].sort());
  expect(all.filter((r) => r.writable)).toEqual([]);
  for (const view of FINANCE_VIEWS) {
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${view} ORDER BY ordinal_position`.execute(database.db);
    expect({ view, columns: documented.get(view) }).toEqual({ view, columns: columns.rows.map((c) => c.column_name) });
  }
  const role = await sql<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolinherit: boolean }>`
    SELECT rolsuper, rolcreaterole, rolcreatedb, rolinherit FROM pg_roles WHERE rolname = ${FINANCE_ROLE}`.execute(
    database.db,
  );
  expect(role.rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolinherit: false }]);
});

test('as regapi_finance: every documented view reads; every other relation is refused; nothing can be written', async () => {
  for (const view of FINANCE_VIEWS)
    expect({ view, outcome: await asFinance(`SELECT * FROM ${view} LIMIT 1`) }).toEqual({ view, outcome: 'ok' });
  const others = (await relations()).filter((r) => !(FINANCE_VIEWS as readonly string[]).includes(r.name));
  for (const relation of others) {
    const read =
      relation.kind === 'S' ? `SELECT last_value FROM ${relation.name}` : `SELECT * FROM ${relation.name} LIMIT 1`;
    expect({ relation: relation.name, outcome: await asFinance(read) }).toEqual({
      relation: relation.name,
      outcome: '42501',
    });
  }
  // Writes through a view: no finance view grants anything but SELECT (a view that joins, like the statement since
  // migration 0043, is not even auto-updatable; the privilege is what would matter for one that is).
  for (const view of FINANCE_VIEWS) {
    const { rows } = await sql<{ writable: boolean }>`
      SELECT has_table_privilege(${FINANCE_ROLE}, ${view}, 'INSERT, UPDATE, DELETE, TRUNCATE') AS writable`.execute(
      database.db,
    );
    expect({ view, writable: rows[0]?.writable }).toEqual({ view, writable: false });
    expect({ view, outcome: await asFinance(`DELETE FROM ${view}`) }).not.toEqual({ view, outcome: 'ok' });
  }
  // Writes into a table, a new object, a sequence.
  const refused = [
    `UPDATE account SET name = 'x'`,
    `INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source) VALUES ('x', 'visualizacao-matricula', 1, now(), 'answer')`,
    `CREATE TABLE finance_notes (note text)`,
    `CREATE VIEW finance_more AS SELECT 1 AS one`,
    `SELECT nextval('ledger_transaction_seq')`,
  ];
  for (const statement of refused)
    expect({ statement, outcome: await asFinance(statement) }).toEqual({ statement, outcome: '42501' });
});

test('the migrate step grants again idempotently and leaves the role without login when no password is given', async () => {
  expect(await applyFinanceRole(database.db, undefined)).toEqual({ role: 'granted', login: false });
  expect(await applyFinanceRole(database.db, undefined)).toEqual({ role: 'granted', login: false });
  expect((await relations()).filter((r) => r.readable).map((r) => r.name)).toEqual([...FINANCE_VIEWS].sort());
});
