import { UFS } from '@regapi/br';
import { expectKind } from '@regapi/origin';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

describe('catalog and tariffs as the service syncs them (contract 2.4, contract 8, Provimento CNJ 127/2022)', () => {
  let started: StartedSimulator;
  beforeAll(async () => {
    started = await startSimulator();
  });
  afterAll(() => started.close());

  it('counts 3,567 offices over the 27 UFs, 85 of them out of service but still listed', async () => {
    const portal = await started.loggedIn();
    const { catalog } = expectKind(await portal.fetchCatalog(CALL), 'catalog');
    expect(catalog.offices).toHaveLength(3567);
    expect(catalog.offices.filter((office) => !office.disponivel)).toHaveLength(85);
    expect(new Set(catalog.offices.map((office) => office.uf))).toEqual(new Set(UFS));
    expect(new Set(catalog.offices.map((office) => office.cns)).size).toBe(3567);
  });

  it('spreads offices like the real map: the big states hold the most, the North the fewest', async () => {
    const portal = await started.loggedIn();
    const { catalog } = expectKind(await portal.fetchCatalog(CALL), 'catalog');
    const perUf = new Map<string, number>();
    for (const office of catalog.offices) perUf.set(office.uf, (perUf.get(office.uf) ?? 0) + 1);
    const ranked = [...perUf].sort((a, b) => b[1] - a[1]).map(([uf]) => uf);
    expect(ranked.slice(0, 5)).toEqual(expect.arrayContaining(['SP', 'MG', 'PR', 'RS']));
    expect(perUf.get('RR')).toBeLessThan(20);
    const saoPaulo = catalog.offices.filter((o) => o.uf === 'SP' && o.municipio === 'São Paulo');
    expect(saoPaulo).toHaveLength(18);
    expect(saoPaulo.map((o) => o.nome)).toContain('2º Oficial de Registro de Imóveis de São Paulo');
    expect(catalog.offices.find((o) => o.municipio === 'Eirunepé')?.timeZone).toBe('America/Eirunepe');
  });

  it('has exactly one UF with a zero search fee, and the dearest UF costs 16.1 times the cheapest', async () => {
    const portal = await started.loggedIn();
    const { tariffs } = expectKind(await portal.fetchTariffs(CALL), 'tariffs');
    expect(tariffs.pesquisaPrevia).toHaveLength(27);
    const zero = tariffs.pesquisaPrevia.filter((fee) => fee.pesquisaPreviaCentavos === 0);
    expect(zero).toHaveLength(1);
    const priced = tariffs.pesquisaPrevia.map((fee) => fee.pesquisaPreviaCentavos).filter((c) => c > 0);
    expect(Math.max(...priced) / Math.min(...priced)).toBe(16.1);
  });

  it('prices every office with the record view at exactly one third of the certificate', async () => {
    const portal = await started.loggedIn();
    const { tariffs } = expectKind(await portal.fetchTariffs(CALL), 'tariffs');
    expect(tariffs.cartorios).toHaveLength(3567);
    for (const fee of tariffs.cartorios) {
      expect(fee.visualizacaoCentavos * 3).toBe(fee.certidaoCentavos);
      expect(fee.certidaoCentavos).toBeGreaterThan(0);
    }
    // Fees differ by state and by office (contract 8).
    expect(new Set(tariffs.cartorios.map((fee) => fee.certidaoCentavos)).size).toBeGreaterThan(100);
  });
});
