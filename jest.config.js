/** Tests run from TypeScript sources: workspace packages map to their src, so no build is needed first. */
const libs =
  'runtime|br|contracts|config|db|bus|http|telemetry|testkit|orders|catalog|ledger|origin|calendar|documents|tokens|console-auth|client|webhook-endpoints';
const services = 'gateway|origin-session|billing|reconciler|archive|origin-simulator|console|webhooks';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // bench/: the benchmarks' own tests of their pure pieces (fast, seeded; never timed).
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/deploy', '<rootDir>/bench'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', {}] },
  moduleNameMapper: {
    // The browser helpers' own entry point (playwright-core is loaded only by the files that open a page).
    '^@regapi/testkit/browser$': '<rootDir>/libs/testkit/src/browser.ts',
    [`^@regapi/(${libs})$`]: '<rootDir>/libs/$1/src/index.ts',
    [`^@regapi/(${services})$`]: '<rootDir>/services/$1/src/index.ts',
  },
  cacheDirectory: '<rootDir>/.jest-cache',
  setupFilesAfterEnv: ['<rootDir>/scripts/jest-every-test-asserts.ts'],
  // Hooks too: a harness's start or close (a database copy, a vhost, five services) has taken over 30 s under a full
  // run's load on 2 cores, though a few seconds alone.
  testTimeout: 60000,
  // Two workers on CI's two cores: most of a file's time is spent waiting (for a spawned service, a broker, a timer),
  // so two files at once take about half the time (docs/benchmarks.md, "The test suite"). Every file has its own
  // database, vhost, bucket, ports and namespaces, so files never see each other (decision 0119).
  maxWorkers: 2,
  // A worker's memory grows by some 35 MB a file (modules instrumented again per file's registry); jest replaces a
  // worker once it holds more than this after a file, so the growth never accumulates over the run.
  workerIdleMemoryLimit: '2GB',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
