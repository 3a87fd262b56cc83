import { type Kysely, sql } from 'kysely';

/**
 * Issue 17, the sandbox (docs/decisions/0099): a token is `producao` or `teste`, chosen when it is issued and never
 * changed. Tokens live here, in the production database, whatever their environment: a `teste` token's orders, ledger
 * and webhooks live in the sandbox's own database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_token
    ADD COLUMN ambiente text NOT NULL DEFAULT 'producao' CHECK (ambiente IN ('producao', 'teste'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_token DROP COLUMN ambiente`.execute(db);
}
