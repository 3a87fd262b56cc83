import path from 'node:path';
import ts from 'typescript';

/**
 * What a column's value is in TypeScript, reduced to a family the SQL type can be compared with: `string`, `number`,
 * `boolean`, `Date`, `Buffer`, `json` (unknown or an object: what node-postgres parses json/jsonb into), or an array of
 * one of them (`string[]`).
 */
export type ColumnFamily = string;

export interface DeclaredColumn {
  readonly family: ColumnFamily;
  /** Undefined for `unknown`, which admits null: such a declaration does not say whether the column may be null. */
  readonly nullable: boolean | undefined;
}

/** Table (or view) name to its columns, read from the `Database` interface of libs/db/src/schema.ts. */
export type DeclaredSchema = ReadonlyMap<string, ReadonlyMap<string, DeclaredColumn>>;

const SCHEMA_FILE = path.resolve(__dirname, '../src/schema.ts');

/**
 * Reads the declared kysely types with the TypeScript compiler: types are erased at run time, so the declarations
 * are the only place the test can learn them from. A kysely `ColumnType<Select, Insert, Update>` (and `Generated`)
 * is read by its select type: what a query returns, and so what must agree with the migrated column.
 */
export function declaredSchema(file: string = SCHEMA_FILE): DeclaredSchema {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const database =
    moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'Database');
  if (!database) throw new Error(`${file} exports no Database`);

  const tables = new Map<string, ReadonlyMap<string, DeclaredColumn>>();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      columns.set(
        column.name,
        declaredColumn(checker, checker.getTypeOfSymbol(column), `${table.name}.${column.name}`),
      );
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function declaredColumn(checker: ts.TypeChecker, type: ts.Type, where: string): DeclaredColumn {
  const select = type.getProperty('__select__');
  const selected = select ? checker.getTypeOfSymbol(select) : type;
  if (selected.flags & ts.TypeFlags.Unknown) return { family: 'json', nullable: undefined };
  const parts = selected.isUnion() ? selected.types : [selected];
  const nullable = parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0);
  const families = new Set(
    parts.filter((part) => (part.flags & ts.TypeFlags.Null) === 0).map((part) => family(checker, part, where)),
  );
  if (families.size !== 1) throw new Error(`${where}: a column of ${[...families].join(' and ')} at once`);
  const [only] = families;
  return { family: only ?? 'never', nullable };
}

function family(checker: ts.TypeChecker, type: ts.Type, where: string): ColumnFamily {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (checker.isArrayType(type)) {
    const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    if (!element) throw new Error(`${where}: an array without an element type`);
    return `${family(checker, element, where)}[]`;
  }
  const name = type.getSymbol()?.name;
  if (name === 'Date' || name === 'Buffer') return name;
  if (type.flags & ts.TypeFlags.Object) return 'json';
  throw new Error(`${where}: no column family for ${checker.typeToString(type)}`);
}
