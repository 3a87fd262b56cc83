import { createLogger } from '../src';
import { diagLoggerFor } from '../src/diag-logger';
import { captureLines } from './support/log-lines';

test("the SDK's diagnostics become log lines of ours, errors readable", () => {
  const { destination, lines } = captureLines();
  const diag = diagLoggerFor(createLogger({ service: 'gateway', destination, level: 'debug' }));
  diag.error('OTLPExporterError', new Error('connect ECONNREFUSED 127.0.0.1:4318'), 3);
  diag.warn('dropped spans');
  expect(lines).toEqual([
    expect.objectContaining({
      level: 'error',
      component: 'opentelemetry',
      msg: 'OTLPExporterError',
      details: [{ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:4318' }, 3],
    }),
    expect.objectContaining({ level: 'warn', component: 'opentelemetry', msg: 'dropped spans' }),
  ]);
});
