#!/usr/bin/env node
// The `regapi` command: a file that exists before the build, so pnpm and npm link it at install (a bin pointing into
// dist/ is skipped when dist/ is not built yet); the command itself is dist/cli.js.
require('../dist/cli.js');
