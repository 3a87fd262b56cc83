import { userInfo } from 'node:os';
import { isOperatorName } from '../admin/operator-name';
import { callAdmin } from './admin-client';
import { resolveAdminToken } from './admin-token-source';
import { commandCall, USAGE } from './commands';
import { AdminApiError, UsageError } from './ops-errors';

/** The gateway's internal listener in both run modes (INTERNAL_PORT 9080). */
export const DEFAULT_ADMIN_URL = 'http://127.0.0.1:9080';

/** REGAPI_OPERATOR (refused when malformed), else the login name when it is a valid one, else none. */
function operatorName(env: NodeJS.ProcessEnv): string | undefined {
  const given = env.REGAPI_OPERATOR?.trim();
  if (given !== undefined && given !== '') {
    if (!isOperatorName(given)) {
      throw new UsageError(
        'REGAPI_OPERATOR: letters, digits and . _ @ + - (up to 64, starting with a letter or digit)',
      );
    }
    return given;
  }
  let login: string;
  try {
    login = userInfo().username;
  } catch {
    return undefined;
  }
  return isOperatorName(login) ? login : undefined;
}

/**
 * `pnpm --silent ops <command>`: the operators' client of the admin API (issue 4). Prints ONE JSON object (the
 * answer's `data[0]`) on stdout and nothing else; errors go to stderr with exit 2 (usage) or 1 (the API refused or
 * could not be reached). Works in both run modes: it only needs the gateway's internal URL and the admin token.
 */
export async function runOps(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  if (argv.length === 1 && (argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h')) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const call = commandCall(argv);
    // The gateway's INTERNAL listener (decision 0054): the public one does not serve /admin/v1.
    const baseUrl = env.REGAPI_ADMIN_URL?.trim() || DEFAULT_ADMIN_URL;
    const operator = operatorName(env);
    const result = await callAdmin(
      { baseUrl, adminToken: resolveAdminToken(env, cwd), ...(operator === undefined ? {} : { operator }) },
      call,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error: unknown) {
    if (error instanceof UsageError) {
      process.stderr.write(`ops: ${error.message}\n${USAGE}\n`);
      return error.exitCode;
    }
    if (error instanceof AdminApiError) {
      process.stderr.write(`ops: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`ops: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  runOps(process.argv.slice(2), process.env, process.cwd()).then((code) => {
    process.exitCode = code;
  });
}
