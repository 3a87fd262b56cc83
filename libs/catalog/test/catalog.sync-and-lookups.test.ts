import type { Catalog, Office, Tariffs } from '@regapi/origin';
import { useTestDatabase } from '@regapi/testkit';
import {
  findOffice,
  findOfficeByCns,
  InvalidCatalogError,
  lastCatalogSync,
  municipioKey,
  officeFee,
  searchFee,
  syncCatalog,
} from '../src';

const database = useTestDatabase();

function office(overrides: Partial<Office> & Pick<Office, 'cns' | 'numero' | 'municipio'>): Office {
  return {
    nome: `${overrides.numero}º Oficial de Registro de Imóveis de ${overrides.municipio}`,
    uf: 'SP',
    timeZone: 'America/Sao_Paulo',
    disponivel: true,
    ...overrides,
  };
}

const catalog: Catalog = {
  geradoEm: '2026-03-11T13:00:00.000Z',
  offices: [
    office({ cns: '111111', numero: 1, municipio: 'São Paulo' }),
    office({ cns: '111112', numero: 2, municipio: 'São Paulo' }),
    office({ cns: '222222', numero: 1, municipio: "Santa Bárbara d'Oeste" }),
    office({ cns: '333333', numero: 1, municipio: 'Embu-Guaçu', disponivel: false }),
    office({ cns: '444444', numero: 1, municipio: 'Palmas', uf: 'TO', timeZone: 'America/Araguaina' }),
  ],
};

const tariffs: Tariffs = {
  vigencia: '2026-01-01',
  pesquisaPrevia: [
    { uf: 'SP', pesquisaPreviaCentavos: 4_990 },
    { uf: 'TO', pesquisaPreviaCentavos: 0 },
  ],
  cartorios: [
    { cns: '111111', certidaoCentavos: 8_388, visualizacaoCentavos: 2_796 },
    { cns: '111112', certidaoCentavos: 0, visualizacaoCentavos: 0 },
    { cns: '222222', certidaoCentavos: 7_500, visualizacaoCentavos: 2_500 },
    { cns: '999999', certidaoCentavos: 1_000, visualizacaoCentavos: 333 },
  ],
};

test('municipality names compare without case, accents, hyphens or apostrophes', () => {
  expect(municipioKey('São  Paulo')).toBe('SAO PAULO');
  expect(municipioKey(' sao paulo ')).toBe('SAO PAULO');
  expect(municipioKey('Embu-Guaçu')).toBe(municipioKey('embu guacu'));
  expect(municipioKey("Santa Bárbara d'Oeste")).toBe(municipioKey('SANTA BARBARA DOESTE'));
});

test('a sync replaces the catalog and stamps it; offices are found by the address a client types', async () => {
  const result = await syncCatalog(database.db, { catalog, tariffs, syncedAt: new Date('2026-03-11T13:05:00Z') });
  expect(result).toEqual({ offices: 5, officesAvailable: 4, ufFees: 2, officeFees: 6, feesWithoutOffice: 1 });

  const sp1 = await findOffice(database.db, { uf: 'SP', municipio: 'SAO PAULO', numero: 1 });
  expect(sp1).toEqual({
    cns: '111111',
    numero: 1,
    nome: '1º Oficial de Registro de Imóveis de São Paulo',
    municipio: 'São Paulo',
    uf: 'SP',
    timeZone: 'America/Sao_Paulo',
    disponivel: true,
  });
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'são paulo', numero: 2 })).toMatchObject({
    cns: '111112',
  });
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'santa barbara doeste', numero: 1 })).toMatchObject({
    cns: '222222',
  });
  // Out of service: found, and says so (the quote answers 602 for it).
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'Embu Guacu', numero: 1 })).toMatchObject({
    disponivel: false,
  });
  // Wrong municipality of the office, wrong UF, nonexistent office: nothing.
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'Campinas', numero: 1 })).toBeUndefined();
  expect(await findOffice(database.db, { uf: 'RJ', municipio: 'São Paulo', numero: 1 })).toBeUndefined();
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'São Paulo', numero: 3 })).toBeUndefined();
  expect(await findOfficeByCns(database.db, '444444')).toMatchObject({ uf: 'TO', timeZone: 'America/Araguaina' });

  const stamp = await lastCatalogSync(database.db);
  expect(stamp).toEqual({
    syncedAt: new Date('2026-03-11T13:05:00Z'),
    originGeneratedAt: new Date('2026-03-11T13:00:00Z'),
    vigencia: '2026-01-01',
    offices: 5,
    officesAvailable: 4,
    ufFees: 2,
    officeFees: 6,
  });
});

test('fees in integer centavos; a zero fee is unknown, so not offered (architecture rule 5, contract 7.9)', async () => {
  await syncCatalog(database.db, { catalog, tariffs, syncedAt: new Date('2026-03-11T13:05:00Z') });
  expect(await officeFee(database.db, 'certidao-inteiro-teor', { cns: '111111' })).toBe(8_388);
  expect(await officeFee(database.db, 'visualizacao-matricula', { cns: '111111' })).toBe(2_796);
  expect(await officeFee(database.db, 'visualizacao-matricula', { cns: '111112' })).toBeUndefined();
  expect(await officeFee(database.db, 'certidao-inteiro-teor', { cns: '333333' })).toBeUndefined(); // no tariff
  expect(await officeFee(database.db, 'pesquisa-previa-bens', { cns: '111111' })).toBeUndefined(); // priced per UF
  expect(await searchFee(database.db, 'SP')).toBe(4_990);
  expect(await searchFee(database.db, 'TO')).toBeUndefined(); // R$ 0,00 = unknown
  expect(await searchFee(database.db, 'RJ')).toBeUndefined(); // no tariff at all
});

test('a new sync replaces everything at once; an inconsistent snapshot is refused and the old catalog stays', async () => {
  await syncCatalog(database.db, { catalog, tariffs, syncedAt: new Date('2026-03-11T13:05:00Z') });
  const next: Catalog = {
    geradoEm: '2026-03-12T13:00:00.000Z',
    offices: [office({ cns: '555555', numero: 1, municipio: 'Campinas' })],
  };
  await syncCatalog(database.db, {
    catalog: next,
    tariffs: {
      vigencia: '2026-02-01',
      pesquisaPrevia: [],
      cartorios: [{ cns: '555555', certidaoCentavos: 900, visualizacaoCentavos: 300 }],
    },
    syncedAt: new Date('2026-03-12T13:05:00Z'),
  });
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'São Paulo', numero: 1 })).toBeUndefined();
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'campinas', numero: 1 })).toMatchObject({
    cns: '555555',
  });
  expect(await searchFee(database.db, 'SP')).toBeUndefined();
  expect((await lastCatalogSync(database.db))?.vigencia).toBe('2026-02-01');

  const twice: Catalog = {
    ...next,
    offices: [...next.offices, office({ cns: '555556', numero: 1, municipio: 'CAMPINAS' })],
  };
  await expect(
    syncCatalog(database.db, { catalog: twice, tariffs, syncedAt: new Date('2026-03-13T13:05:00Z') }),
  ).rejects.toBeInstanceOf(InvalidCatalogError);
  expect(await findOffice(database.db, { uf: 'SP', municipio: 'campinas', numero: 1 })).toMatchObject({
    cns: '555555',
  });
  expect((await lastCatalogSync(database.db))?.syncedAt).toEqual(new Date('2026-03-12T13:05:00Z'));
});
