import { instrumentedModulesLoaded } from '../src';

test('names the instrumented modules found in the module cache, by package folder', () => {
  const files = [
    '/app/node_modules/.pnpm/express@5.3.0/node_modules/express/index.js',
    '/app/node_modules/.pnpm/pg-pool@3.10.1/node_modules/pg-pool/index.js',
    '/app/node_modules/amqplib/channel_api.js',
    '/app/libs/pg/src/index.ts',
  ];
  expect(instrumentedModulesLoaded(files)).toEqual(['express', 'amqplib']);
});

test('reports nothing when none of them is loaded', () => {
  expect(instrumentedModulesLoaded(['/app/node_modules/pino/pino.js'])).toEqual([]);
});
