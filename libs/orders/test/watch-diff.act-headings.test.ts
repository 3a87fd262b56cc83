import { actNature, isPageFurniture, splitActs } from '../src';

/** The text layer of sandbox record 91374 of Brejo Novo (AC), as the archive reads it from the simulator's PDF. */
const SIMULATOR_TEXT = [
  'Cartório de Registro de Imóveis de Brejo Novo',
  'Brejo Novo - AC - CNS 155003',
  'LIVRO Nº 2 - REGISTRO GERAL',
  'MATRÍCULA Nº 91.374',
  'CNM: 155003.2.0091374-80 - Aberta em 12/03/1983',
  'IMÓVEL: Terreno urbano situado em Travessa da Matriz, 2981, bairro São José, Brejo Novo, com área de',
  '779,00 m², confrontando frente para a Travessa da Matriz; lado direito com o lote 61.',
  'R-1/91.374 - Em 12/03/1983 - COMPRA E VENDA. Transmitente(s): FRANCISCA BATISTA TEIXEIRA, CPF',
  '210.459.624-65. Adquirente(s): FERNANDA LIMA SANTOS, CPF 597.679.320-70. Valor: R$ 2.290.540,00.',
  'AV-2/91.374 - Em 03/09/1987 - AVERBAÇÃO DE CASAMENTO do proprietário FERNANDA LIMA SANTOS,',
  'CPF 597.679.320-70 com RAIMUNDA SOUZA SOUZA, CPF 858.657.930-04, regime da comunhão parcial',
  'de bens.',
  'R-3/91.374 - Em 22/12/1991 - PENHORA determinada nos autos de execução movida por CARLOS',
  'MACHADO COSTA, CPF 056.125.035-98 contra FERNANDA LIMA SANTOS. Valor:',
  'R$ 380.580,00.',
  'AV-4/91.374 - Em 11/09/1995 - CANCELAMENTO do',
  'R-3, por autorização do credor.',
  'R-5/91.374 - Em 16/06/1999 - COMPRA E VENDA. Transmitente(s): FERNANDA LIMA SANTOS. Adquirente(s):',
  'LUCIANA BARBOSA MARQUES, CPF 626.627.765-44. Valor: R$ 2.159.720,00.',
  'Pedido 220260000001 - Visualização de matrícula: documento sem valor de certidão e sem fé pública.',
  'Pedido 220260000001 - página 1 de 1',
].join('\n');

describe('act headings of a record text layer (decision 0162)', () => {
  it('splits the simulator record into its acts, in order, with canonical labels', () => {
    const { opening, acts } = splitActs(SIMULATOR_TEXT);
    expect(acts.map((act) => act.label)).toEqual(['R.1', 'AV.2', 'R.3', 'AV.4', 'R.5']);
    expect(opening).toMatch(/^Cartório de Registro .* lado direito com o lote 61\.$/);
    // A mention wrapped to a line start ("R-3, por autorização") stays inside the act that mentions it.
    expect(acts[3]?.text).toBe('AV-4/91.374 - Em 11/09/1995 - CANCELAMENTO do R-3, por autorização do credor.');
    // Page furniture (the view's notice, the order stamp, the page counter) is not part of the last act.
    expect(acts[4]?.text).toBe(
      'R-5/91.374 - Em 16/06/1999 - COMPRA E VENDA. Transmitente(s): FERNANDA LIMA SANTOS. Adquirente(s): ' +
        'LUCIANA BARBOSA MARQUES, CPF 626.627.765-44. Valor: R$ 2.159.720,00.',
    );
    expect(acts.map((act) => actNature(act.text))).toEqual(['venda', 'casamento', 'penhora', 'cancelamento', 'venda']);
  });

  it.each([
    ['R.1/1234 - Em 10 de março de 2010', 'R.1'],
    ['R-3/91.374 - Em 22/12/1991 -', 'R.3'],
    ['R.4/1234', 'R.4'],
    ['AV.2 - Protocolo nº 45.678', 'AV.2'],
    ['Av-04 - 12.345 - Em 01/02/2003', 'AV.4'],
    ['AV-04-12.345 - Em 01/02/2003', 'AV.4'],
    ['R. 5 - Data: 03/04/2005', 'R.5'],
    ['AV 6: AVERBAÇÃO de construção', 'AV.6'],
    ['  R.07/M.1.234 – Em 07/07/2007', 'R.7'],
    ['av.8 - Em 08/08/2008', 'AV.8'],
    ['R.9 Em 09/09/2009, nos termos', 'R.9'],
    ['AV.10.', 'AV.10'],
    ['R.11 - 12/03/1983 - COMPRA E VENDA', 'R.11'],
    ['R-12-M.1.234 Protocolo 9', 'R.12'],
  ])('reads the heading "%s" as %s', (line, label) => {
    expect(splitActs(`MATRÍCULA 1.234\n${line} texto do ato.`).acts.map((act) => act.label)).toEqual([label]);
  });

  it.each([
    'R-3, por autorização do credor.',
    'R.3 da matrícula, que fica cancelado',
    'Av. 9 de Julho, 1.200, apartamento 31',
    'R. 7 de Setembro, 100',
    'Rua 5, lote 3 - quadra 2',
    'r.1 - minúscula não é cabeçalho',
    'RECIBO 12 - pago',
    'R.3/1.234, que fica cancelado',
    'no meio da linha R.1 - Em 10/10/2010',
  ])('does not read "%s" as a heading', (line) => {
    expect(splitActs(`MATRÍCULA 1.234\n${line}`).acts).toEqual([]);
  });

  it('a heading that does not go past the last of its kind is a mention, not a new act', () => {
    const text = ['R.1 - Em 01/01/2001 - VENDA', 'AV.2 - Em 02/02/2002 - CANCELAMENTO do', 'R.1 - mencionado.'].join(
      '\n',
    );
    const { acts } = splitActs(text);
    expect(acts.map((act) => act.label)).toEqual(['R.1', 'AV.2']);
    expect(acts[1]?.text).toBe('AV.2 - Em 02/02/2002 - CANCELAMENTO do R.1 - mencionado.');
  });

  it('line wraps, spacing and page breaks are layout: the same acts read the same', () => {
    const rewrapped = SIMULATOR_TEXT.replace('CPF\n210.459', 'CPF 210.459')
      .replace('Valor:\nR$ 380', 'Valor:   R$\n380')
      .replace('de bens.', 'de bens.\nPedido 220260000002 - página 1 de 2');
    expect(splitActs(rewrapped).acts).toEqual(splitActs(SIMULATOR_TEXT).acts);
  });

  it('recognises page furniture and nothing else', () => {
    expect(isPageFurniture('Pedido 220260000001 - página 2 de 3')).toBe(true);
    expect(isPageFurniture('Pág. 2/3')).toBe(true);
    expect(isPageFurniture('Visualização de matrícula: documento sem valor de certidão e sem fé pública.')).toBe(true);
    expect(isPageFurniture('Emitido em 29/11/2026 às 10:00')).toBe(true);
    expect(isPageFurniture(' 2 ')).toBe(true);
    expect(isPageFurniture('R-1/91.374 - Em 12/03/1983 - COMPRA E VENDA.')).toBe(false);
    expect(isPageFurniture('de bens.')).toBe(false);
  });

  it('names an act by the first nature its text states, or null', () => {
    expect(actNature('R.6 - Em 01/01/2020 - ALIENAÇÃO FIDUCIÁRIA em garantia')).toBe('alienação fiduciária');
    expect(actNature('AV.7 - CANCELAMENTO da HIPOTECA do R.6')).toBe('cancelamento');
    expect(actNature('AV.8 - Em 01/01/2021 - Indisponibilidade de bens')).toBe('indisponibilidade');
    expect(actNature('R.9 - Em 01/01/2022 - Doação com reserva de usufruto')).toBe('doação');
    expect(actNature('AV.10 - Em 01/01/2023 - nada que se reconheça')).toBeNull();
  });
});
