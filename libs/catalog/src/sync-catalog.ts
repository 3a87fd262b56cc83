import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Catalog, Tariffs } from '@regapi/origin';
import { type Kysely, sql, type Transaction } from 'kysely';
import { municipioKey } from './municipio-key';

export interface CatalogSnapshot {
  /** The origin's office list (`fetchCatalog`). */
  readonly catalog: Catalog;
  /** The origin's tariff table (`fetchTariffs`). */
  readonly tariffs: Tariffs;
  /** When the sync ran (the injected clock). */
  readonly syncedAt: Date;
}

export interface CatalogSyncResult {
  readonly offices: number;
  readonly officesAvailable: number;
  readonly ufFees: number;
  readonly officeFees: number;
  /** Fees of offices the office list does not have (the two lists are fetched apart): dropped, never guessed. */
  readonly feesWithoutOffice: number;
}

/** The snapshot contradicts itself; nothing was written (the catalog in force stays). */
export class InvalidCatalogError extends Error {
  override readonly name = 'InvalidCatalogError';
  readonly code = 'invalid_catalog';
}

const SEARCH: Fonte = 'pesquisa-previa-bens';
const RECORD_VIEW: Fonte = 'visualizacao-matricula';
const CERTIFICATE: Fonte = 'certidao-inteiro-teor';
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters with 8 columns. */
const CHUNK = 1000;

/**
 * Replaces the whole catalog with what the origin said, in ONE transaction (architecture rule 5): a quote running
 * meanwhile reads the previous catalog or the new one, never a mix and never an empty one. Two syncs at once take
 * turns on a transaction-level advisory lock. An inconsistent snapshot (an office listed twice, two offices at the
 * same address) is refused whole before anything is written. `inSameTransaction` runs last in that transaction, for
 * what must commit with the catalog (origin-session's next sync).
 */
export async function syncCatalog(
  db: Kysely<Database>,
  snapshot: CatalogSnapshot,
  inSameTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<CatalogSyncResult> {
  const offices = snapshot.catalog.offices.map((office) => ({
    cns: office.cns,
    numero: office.numero,
    nome: office.nome,
    municipio: office.municipio,
    municipio_chave: municipioKey(office.municipio),
    uf: office.uf,
    time_zone: office.timeZone,
    disponivel: office.disponivel,
  }));
  checkUnique(offices, (office) => office.cns, 'CNS');
  checkUnique(offices, (office) => `${office.uf}|${office.municipio_chave}|${office.numero}`, 'office address');
  const known = new Set(offices.map((office) => office.cns));

  const ufFees = snapshot.tariffs.pesquisaPrevia.map((fee) => ({
    fonte: SEARCH,
    uf: fee.uf,
    centavos: fee.pesquisaPreviaCentavos,
  }));
  checkUnique(ufFees, (fee) => fee.uf, 'search fee UF');
  const listed = snapshot.tariffs.cartorios.filter((fee) => known.has(fee.cns));
  checkUnique(listed, (fee) => fee.cns, 'office fee CNS');
  const officeFees = listed.flatMap((fee) => [
    { fonte: RECORD_VIEW, cns: fee.cns, centavos: fee.visualizacaoCentavos },
    { fonte: CERTIFICATE, cns: fee.cns, centavos: fee.certidaoCentavos },
  ]);
  for (const fee of [...ufFees, ...officeFees]) {
    if (!Number.isSafeInteger(fee.centavos) || fee.centavos < 0) {
      throw new InvalidCatalogError(`a fee of ${fee.centavos} centavos is not an amount`);
    }
  }

  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('regapi.catalog-sync'))`.execute(trx);
    await trx.deleteFrom('catalog_office_fee').execute();
    await trx.deleteFrom('catalog_uf_fee').execute();
    await trx.deleteFrom('catalog_office').execute();
    for (const rows of chunks(offices)) await trx.insertInto('catalog_office').values(rows).execute();
    for (const rows of chunks(ufFees)) await trx.insertInto('catalog_uf_fee').values(rows).execute();
    for (const rows of chunks(officeFees)) await trx.insertInto('catalog_office_fee').values(rows).execute();
    await trx
      .insertInto('catalog_sync')
      .values({
        synced_at: snapshot.syncedAt,
        origin_generated_at: new Date(snapshot.catalog.geradoEm),
        vigencia: snapshot.tariffs.vigencia,
        offices: offices.length,
        offices_available: offices.filter((office) => office.disponivel).length,
        uf_fees: ufFees.length,
        office_fees: officeFees.length,
      })
      .execute();
    await inSameTransaction?.(trx);
  });
  return {
    offices: offices.length,
    officesAvailable: offices.filter((office) => office.disponivel).length,
    ufFees: ufFees.length,
    officeFees: officeFees.length,
    feesWithoutOffice: snapshot.tariffs.cartorios.length - listed.length,
  };
}

export interface CatalogSyncStamp {
  readonly syncedAt: Date;
  readonly originGeneratedAt: Date;
  /** Start of the tariff table in force (ISO date). */
  readonly vigencia: string;
  readonly offices: number;
  readonly officesAvailable: number;
  readonly ufFees: number;
  readonly officeFees: number;
}

/** The newest completed sync, or undefined before the first one (then nothing can be quoted). */
export async function lastCatalogSync(db: Kysely<Database>): Promise<CatalogSyncStamp | undefined> {
  const row = await db
    .selectFrom('catalog_sync')
    .select([
      'synced_at',
      'origin_generated_at',
      sql<string>`to_char(vigencia, 'YYYY-MM-DD')`.as('vigencia'),
      'offices',
      'offices_available',
      'uf_fees',
      'office_fees',
    ])
    .orderBy('synced_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    syncedAt: row.synced_at,
    originGeneratedAt: row.origin_generated_at,
    vigencia: row.vigencia,
    offices: row.offices,
    officesAvailable: row.offices_available,
    ufFees: row.uf_fees,
    officeFees: row.office_fees,
  };
}

function checkUnique<T>(items: readonly T[], key: (item: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new InvalidCatalogError(`the origin's catalog lists ${what} ${k} twice`);
    seen.add(k);
  }
}

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}
