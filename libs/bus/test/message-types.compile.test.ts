import path from 'node:path';
import ts from 'typescript';

// Decision 0116: fixtures/message-types.ts holds the compile-time half of the drift check (a message's type is its
// schema's; each `@ts-expect-error` a message the types must refuse). Compiled here alone, with the repository's
// compiler options, so the test suite fails too when a type stops refusing one.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE = path.join(__dirname, 'fixtures', 'message-types.ts');

test('message types are their schemas, and refuse what the schemas refuse', () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([FIXTURE], { ...config.options, noEmit: true });
  const messages = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(messages).toEqual([]);
  // It did compile the fixture's refusals.
  expect(program.getSourceFile(FIXTURE)?.text).toContain('@ts-expect-error undeclared field');
});
