import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './ops-errors';

/** The file the standalone launcher writes its admin token to, under DATA_DIR (mode 0600). */
export const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * The admin token: `ADMIN_TOKEN` when set (distributed mode, or any remote gateway), else the file the standalone
 * launcher wrote, `$DATA_DIR/admin-token` (DATA_DIR defaults to `.data`, relative to the current folder).
 */
export function resolveAdminToken(env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env.ADMIN_TOKEN?.trim();
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const file = path.resolve(cwd, env.DATA_DIR?.trim() || '.data', ADMIN_TOKEN_FILE);
  try {
    const token = readFileSync(file, 'utf8').trim();
    if (token !== '') return token;
  } catch {
    // Reported below, with what to do.
  }
  throw new UsageError(`no admin token: set ADMIN_TOKEN, or start the standalone system so that it writes ${file}`);
}
