import type { Catalog, Office, Tariffs } from '@regapi/origin';
import { useTestDatabase } from '@regapi/testkit';
import { findOffice, markOfficeUnavailable, syncCatalog } from '../src';

// Issue 12: one office out of service at the origin is marked unavailable locally until the origin shows it back.

const database = useTestDatabase();

function office(cns: string, numero: number, disponivel = true): Office {
  return {
    cns,
    numero,
    nome: `${numero}º Oficial de Registro de Imóveis de Campinas`,
    municipio: 'Campinas',
    uf: 'SP',
    timeZone: 'America/Sao_Paulo',
    disponivel,
  };
}

const tariffs: Tariffs = { vigencia: '2026-01-01', pesquisaPrevia: [], cartorios: [] };
const snapshot = (offices: Office[], syncedAt: string) => ({
  catalog: { geradoEm: syncedAt, offices } satisfies Catalog,
  tariffs,
  syncedAt: new Date(syncedAt),
});
const CAMPINAS_2 = { uf: 'SP' as const, municipio: 'campinas', numero: 2 };

test('marks only the office at that address; a second mark changes nothing; the next sync decides again', async () => {
  await syncCatalog(database.db, snapshot([office('111111', 1), office('222222', 2)], '2026-03-11T13:00:00.000Z'));

  const mark = await markOfficeUnavailable(database.db, CAMPINAS_2);
  expect(mark).toEqual({ office: expect.objectContaining({ cns: '222222', disponivel: false }), changed: true });
  expect((await findOffice(database.db, CAMPINAS_2))?.disponivel).toBe(false);
  expect((await findOffice(database.db, { ...CAMPINAS_2, numero: 1 }))?.disponivel).toBe(true);
  expect(await markOfficeUnavailable(database.db, CAMPINAS_2)).toMatchObject({ changed: false });
  expect(await markOfficeUnavailable(database.db, { ...CAMPINAS_2, numero: 9 })).toBeUndefined();

  // The origin still lists it out of service: it stays out.
  await syncCatalog(
    database.db,
    snapshot([office('111111', 1), office('222222', 2, false)], '2026-03-11T14:00:00.000Z'),
  );
  expect((await findOffice(database.db, CAMPINAS_2))?.disponivel).toBe(false);
  // The origin shows it back: it is back.
  await syncCatalog(database.db, snapshot([office('111111', 1), office('222222', 2)], '2026-03-11T15:00:00.000Z'));
  expect((await findOffice(database.db, CAMPINAS_2))?.disponivel).toBe(true);
});
