import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The client's own types must serve an integrator with no cast (issue 17: a typed client needed 25): fixtures/
// integrator.ts is such code, compiled under the strictest options a client may use, each `@ts-expect-error` a
// mistake the types must refuse.

const INTEGRATOR = path.join(__dirname, 'fixtures', 'integrator.ts');

test('code using @regapi/client compiles with no cast under the strictest options', () => {
  const program = ts.createProgram([INTEGRATOR], {
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noPropertyAccessFromIndexSignature: true,
    noImplicitReturns: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
  });
  const messages = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(messages).toEqual([]);
  expect(readFileSync(INTEGRATOR, 'utf8')).not.toMatch(/\bas [A-Z(a-z]|<any>|: any\b/);
});
