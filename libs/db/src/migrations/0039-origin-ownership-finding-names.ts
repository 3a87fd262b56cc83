import { type Kysely, sql } from 'kysely';

/**
 * Names `origin_ownership_finding`'s two columns by the naming rule (docs/decisions/0117): a timestamp ends in `_at`,
 * and a value in the origin's vocabulary that no contract field carries is named in English, `origin_` first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE origin_ownership_finding RENAME COLUMN criado_em TO origin_created_at').execute(db);
  await sql.raw('ALTER TABLE origin_ownership_finding RENAME COLUMN produto TO origin_product').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE origin_ownership_finding RENAME COLUMN origin_product TO produto').execute(db);
  await sql.raw('ALTER TABLE origin_ownership_finding RENAME COLUMN origin_created_at TO criado_em').execute(db);
}
