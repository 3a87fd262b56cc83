import { ConfigError } from './config-error';

/** Runs `load`; on a ConfigError prints its one line to stderr and exits with status 78 (EX_CONFIG). */
export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error: unknown) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
