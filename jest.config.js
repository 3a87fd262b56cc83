/** Tests run from TypeScript sources: workspace packages map to their src, so no build is needed first. */
const libs =
  'runtime|br|contracts|config|db|bus|http|telemetry|testkit|orders|catalog|ledger|origin|calendar|documents|tokens|console-auth|client|webhook-endpoints';
const services = 'gateway|origin-session|billing|reconciler|archive|origin-simulator|console|webhooks';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/deploy'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', {}] },
  moduleNameMapper: {
    [`^@regapi/(${libs})$`]: '<rootDir>/libs/$1/src/index.ts',
    [`^@regapi/(${services})$`]: '<rootDir>/services/$1/src/index.ts',
  },
  cacheDirectory: '<rootDir>/.jest-cache',
  setupFilesAfterEnv: ['<rootDir>/scripts/jest-every-test-asserts.ts'],
  // Hooks too: a harness's start or close (a database copy, a vhost, five services) has taken over 30 s under a full
  // run's load on 2 cores, though a few seconds alone.
  testTimeout: 60000,
  // With one worker jest would run every file in its own process, one after another, and that process's memory grew by
  // some 35 MB a file (4.3 GB after 112 of about 290 files in a clean-clone run, toward the 8 GB heap). With a limit,
  // jest runs the files in a worker and replaces it once it holds more than this after a file: the leak no longer
  // accumulates over the run (what leaks is still to be found).
  workerIdleMemoryLimit: '2GB',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
