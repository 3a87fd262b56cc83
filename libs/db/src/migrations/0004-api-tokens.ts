import { type Kysely, sql } from 'kysely';

const FONTES = `('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')`;
const SCOPES = `ARRAY['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula', 'consultas:certidao-inteiro-teor']`;

/**
 * Access tokens and product status (services/gateway, docs/decisions/0015 and 0016).
 * - `api_token` keeps what a token says and whether it still holds, NEVER the token itself: the signed JWT names its
 *   row by `jti` = `id`, and every request checks the row (revocation within seconds, contract 5.4). `kid` is the signing
 *   key, so an operator can tell when no live token depends on a key any more and retire it.
 * - `product_status`: a product taken out of service (contract 7.5: 602/603 stop it at once; operators via the ops CLI).
 *   One row per product, seeded enabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE api_token (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account (id),
        kid text NOT NULL CHECK (kid ~ '^[A-Za-z0-9._-]{1,64}$'),
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ${SCOPES}),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT api_token_expires_after_creation CHECK (expires_at > created_at)
      )`)
    .execute(db);
  await sql.raw(`CREATE INDEX api_token_account ON api_token (account_id, created_at)`).execute(db);
  await sql.raw(`CREATE INDEX api_token_kid_live ON api_token (kid, expires_at) WHERE revoked_at IS NULL`).execute(db);

  await sql
    .raw(`
      CREATE TABLE product_status (
        fonte text PRIMARY KEY CHECK (fonte IN ${FONTES}),
        enabled boolean NOT NULL,
        reason text CHECK (btrim(reason) <> ''),
        changed_at timestamptz NOT NULL DEFAULT now()
      )`)
    .execute(db);
  await sql
    .raw(`
      INSERT INTO product_status (fonte, enabled)
      SELECT fonte, true FROM unnest(ARRAY['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'])
        AS f (fonte)`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE product_status').execute(db);
  await sql.raw('DROP TABLE api_token').execute(db);
}
