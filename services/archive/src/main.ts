// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { telemetry } from './instrument';
import { createArchive } from './service';
import { s3Config, s3SettingsFrom } from './storage/s3-config';
import { createS3Storage } from './storage/s3-storage';

runServiceProcess({
  name: 'archive',
  defaultPort: 8084,
  telemetry,
  config: s3Config,
  create: (deps, config) => createArchive({ ...deps, storage: createS3Storage(s3SettingsFrom(config)) }),
}).catch((error: unknown) => {
  process.stderr.write(`archive: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
