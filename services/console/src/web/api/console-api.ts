import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { consoleSessionToken, type JwtKeyring } from '@regapi/tokens';
import type { Kysely } from 'kysely';
import type { ConsoleSession } from '../../auth';
import { type ApiClient, createApiClient } from './api-client';

/** The API as one signed-in person calls it from the console: the client and that session's bearer token. */
export interface ConsoleApi {
  readonly client: ApiClient;
  tokenFor(session: ConsoleSession): Promise<string>;
}

export function createConsoleApi(deps: {
  readonly db: Kysely<Database>;
  readonly keyring: JwtKeyring;
  readonly clock: Clock;
  readonly apiBaseUrl: string;
}): ConsoleApi {
  return {
    client: createApiClient(deps.apiBaseUrl),
    tokenFor: (session) =>
      consoleSessionToken(deps.db, deps.keyring, deps.clock, {
        id: session.id,
        accountId: session.accountId,
        expiresAt: session.expiresAt,
        userId: session.userId,
        // The test mode calls the API with the session's `teste` token (docs/decisions/0146).
        ambiente: session.ambiente,
      }),
  };
}
