import { callAdmin } from './admin-client';
import { resolveAdminToken } from './admin-token-source';
import { commandCall, USAGE } from './commands';
import { AdminApiError, UsageError } from './ops-errors';

/**
 * `pnpm --silent ops <command>`: the operators' client of the admin API (issue 4). Prints ONE JSON object (the
 * answer's `data[0]`) on stdout and nothing else; errors go to stderr with exit 2 (usage) or 1 (the API refused or
 * could not be reached). Works in both run modes: it only needs the gateway's URL and the admin token.
 */
export async function runOps(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  if (argv.length === 1 && (argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h')) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const call = commandCall(argv);
    const baseUrl = env.REGAPI_URL?.trim() || 'http://127.0.0.1:8080';
    const result = await callAdmin({ baseUrl, adminToken: resolveAdminToken(env, cwd) }, call);
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
