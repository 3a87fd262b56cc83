import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Issue 12 item 16: a client typed by openapi-typescript's output must need no cast. libs/client/src/generated/openapi.ts is
// that output (checked here to be current), and fixtures/typed-client.ts is such a client: it must compile under the strictest
// options a client may use, including each `@ts-expect-error` (a mistake the types must refuse).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLIENT = path.join(__dirname, 'fixtures', 'typed-client.ts');

test('docs/openapi.json and the client\'s generated types are what `pnpm openapi` writes (the types by openapi-typescript)', () => {
  const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const run = spawnSync(process.execPath, [tsx, path.join(ROOT, 'scripts', 'openapi.ts'), '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect({ status: run.status, out: run.stdout.trim(), err: run.stderr.trim() }).toEqual({
    status: 0,
    out: '',
    err: '',
  });
});

function diagnosticsOf(file: string, options: ts.CompilerOptions): string[] {
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: false, types: [], ...options });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

test('a typed client compiles with no cast under the strictest options', () => {
  const strictest: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noPropertyAccessFromIndexSignature: true,
    noImplicitReturns: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  };
  expect(diagnosticsOf(CLIENT, strictest)).toEqual([]);
  expect(readFileSync(CLIENT, 'utf8')).not.toMatch(/\bas (unknown|any)\b|<any>|: any\b/);
});
