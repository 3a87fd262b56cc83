import { type CatalogSnapshot, syncCatalog } from '@regapi/catalog';

/**
 * A small hand-made origin snapshot for quote tests: two offices in Campinas/SP (one out of service), one in São
 * Paulo whose fees are 0 (unknown), one without any fee row; search fees for SP and RJ, 0 for AC.
 */
export const QUOTE_SNAPSHOT: CatalogSnapshot = {
  syncedAt: new Date('2026-01-05T12:00:00Z'),
  catalog: {
    geradoEm: '2026-01-05T11:00:00Z',
    offices: [
      office('111111', 2, '2º Oficial de Registro de Imóveis de Campinas', 'Campinas', true),
      office('222222', 3, '3º Oficial de Registro de Imóveis de Campinas', 'Campinas', false),
      office('333333', 1, '1º Oficial de Registro de Imóveis de São Paulo', 'São Paulo', true),
      office('444444', 4, '4º Oficial de Registro de Imóveis de São Paulo', 'São Paulo', true),
    ],
  },
  tariffs: {
    vigencia: '2026-01-01',
    pesquisaPrevia: [
      { uf: 'SP', pesquisaPreviaCentavos: 3_217 },
      { uf: 'RJ', pesquisaPreviaCentavos: 2_999 },
      { uf: 'AC', pesquisaPreviaCentavos: 0 },
    ],
    cartorios: [
      { cns: '111111', visualizacaoCentavos: 2_345, certidaoCentavos: 8_761 },
      { cns: '222222', visualizacaoCentavos: 2_345, certidaoCentavos: 8_761 },
      { cns: '333333', visualizacaoCentavos: 0, certidaoCentavos: 0 },
    ],
  },
};

function office(cns: string, numero: number, nome: string, municipio: string, disponivel: boolean) {
  return { cns, numero, nome, municipio, uf: 'SP' as const, timeZone: 'America/Sao_Paulo', disponivel };
}

export async function loadQuoteCatalog(db: Parameters<typeof syncCatalog>[0]): Promise<void> {
  await syncCatalog(db, QUOTE_SNAPSHOT);
}
