import { type WatchDiffMatricula, watchDiffProblems } from '@regapi/contracts';
import {
  compareRecordViews,
  failureResultData,
  IMAGE_ONLY_NOTICE,
  type RecordViewResult,
  type RecordViewRun,
  recordBaseline,
} from '../src';

const OPENING = ['Cartório de Registro de Imóveis de Brejo Novo', 'MATRÍCULA Nº 91.374', 'IMÓVEL: Terreno urbano.'];
const R1 = 'R-1/91.374 - Em 12/03/1983 - COMPRA E VENDA. Adquirente(s): FERNANDA LIMA SANTOS.';
const AV2 = 'AV-2/91.374 - Em 03/09/1987 - AVERBAÇÃO DE CASAMENTO do proprietário.';
const R3 = 'R-3/91.374 - Em 22/12/1991 - HIPOTECA em primeiro grau em favor de BANCO.';
const R4 = 'R-4/91.374 - Em 16/06/2026 - COMPRA E VENDA. Adquirente(s): LUCIANA BARBOSA MARQUES.';
const AV5 = 'AV-5/91.374 - Em 17/06/2026 - CANCELAMENTO do R-3, por autorização do credor.';

function delivered(acts: readonly string[] | null, pedido = '220260000001', matricula = '91374'): RecordViewResult {
  const conteudo =
    acts === null ? null : [...OPENING, ...acts, `Pedido ${pedido} - página 1 de 1`, 'sem fé pública'].join('\n');
  return {
    status_consulta: 'SUCESSO',
    documento_url: 'https://api.example/v1/consultas/1/documento',
    mensagem: 'Visualização entregue.',
    site_receipts: [],
    identificadores: { numero_pedido: pedido, matricula },
    dados: { conteudo, cartorio: 'Cartório de Brejo Novo', municipio: 'Brejo Novo', uf: 'AC', total_pago: 'R$ 40,00' },
  };
}

const view = (acts: readonly string[] | null, pedido?: string, matricula?: string): RecordViewRun => ({
  result: delivered(acts, pedido, matricula),
  documento: { sha256: 'a'.repeat(64), paginas: 1 },
});
const failedRun: RecordViewRun = {
  result: failureResultData('visualizacao-matricula', 605, { numeroPedido: null }) as RecordViewResult,
  documento: null,
};

function compare(baseline: RecordViewRun | null, current: RecordViewRun): WatchDiffMatricula {
  const diff = compareRecordViews(baseline, current);
  expect(watchDiffProblems(diff)).toEqual([]);
  return diff;
}

describe('matricula watch: acts added, changed and removed (decision 0162)', () => {
  it('a new act, named in the plain line, despite a new order stamp and a new page counter', () => {
    const diff = compare(view([R1, AV2, R3]), view([R1, AV2, R3, R4], '220260000002'));
    expect(diff).toMatchObject({ resultado: 'alteracao', comparacao: 'texto', aviso: null, anomalias: [] });
    expect(diff.atos_novos).toEqual([{ ato: 'R.4', tipo: 'R', numero: 4, natureza: 'venda', texto: R4 }]);
    expect(diff.atos_alterados).toEqual([]);
    expect(diff.resumo).toBe('1 ato novo: R.4 (venda).');
  });

  it('several new acts in record order', () => {
    const diff = compare(view([R1, AV2]), view([R1, AV2, R3, R4, AV5]));
    expect(diff.atos_novos.map((act) => act.ato)).toEqual(['R.3', 'R.4', 'AV.5']);
    expect(diff.resumo).toBe('3 atos novos: R.3 (hipoteca), R.4 (venda), AV.5 (cancelamento).');
  });

  it('a changed act shows before and after', () => {
    const amended = AV2.replace('CASAMENTO', 'CASAMENTO (retificada)');
    const diff = compare(view([R1, AV2]), view([R1, amended]));
    expect(diff.resultado).toBe('alteracao');
    expect(diff.atos_alterados).toEqual([{ ato: 'AV.2', natureza: 'casamento', antes: AV2, depois: amended }]);
    expect(diff.resumo).toBe('1 ato alterado: AV.2 (casamento).');
  });

  it('an act that disappears is reported, as an anomaly', () => {
    const diff = compare(view([R1, AV2, R3]), view([R1, R3]));
    expect(diff.resultado).toBe('alteracao');
    expect(diff.atos_removidos.map((act) => act.ato)).toEqual(['AV.2']);
    expect(diff.anomalias).toEqual([
      'o ato AV.2 deixou de constar da matrícula: um registro não apaga atos; confira o documento',
    ]);
    expect(diff.resumo).toBe('Anomalia: 1 ato deixou de constar: AV.2 (casamento).');
  });

  it('the same record viewed again is no change', () => {
    const diff = compare(view([R1, AV2, R3]), view([R1, AV2, R3], '220260000009'));
    expect(diff).toMatchObject({ resultado: 'sem_alteracao', atos_novos: [], atos_alterados: [], atos_removidos: [] });
    expect(diff.resumo).toBe('Sem alteração: 3 atos, o último R.3 (hipoteca).');
  });

  it('the first delivered view is "primeira"; a view not delivered concludes nothing', () => {
    expect(compare(null, view([R1, AV2])).resumo).toBe('Primeira visualização: 2 atos, o último AV.2 (casamento).');
    expect(compare(recordBaseline([failedRun]), view([R1])).resultado).toBe('primeira');
    const failed = compare(view([R1]), failedRun);
    expect(failed).toMatchObject({ resultado: 'inconclusiva', comparacao: null, atos_novos: [] });
    expect(failed.resumo).toBe('A visualização não chegou a um resultado nesta execução: nada foi comparado.');
    expect(compare(null, failedRun).resultado).toBe('inconclusiva');
  });

  it('compares with the last delivered view, past failed runs', () => {
    const baseline = recordBaseline([view([R1]), view([R1, AV2]), failedRun]);
    expect(compare(baseline, view([R1, AV2, R3])).atos_novos.map((act) => act.ato)).toEqual(['R.3']);
  });

  it('a record served under a new number is a change, said plainly', () => {
    const diff = compare(view([R1, AV2]), view([R1, AV2], '220260000002', '50618'));
    expect(diff.resultado).toBe('alteracao');
    expect(diff.resumo).toBe(
      'O cartório serviu a matrícula 50618, não mais a 91374: a matrícula pode ter sido encerrada e transportada.',
    );
  });

  it('a text without any act heading is compared whole, and says so', () => {
    const plain = (body: string): RecordViewRun => ({
      result: { ...delivered([]), dados: { conteudo: `MATRÍCULA 1\n${body}` } },
      documento: null,
    });
    const same = compare(plain('texto corrido'), plain('texto  corrido'));
    expect(same.resultado).toBe('sem_alteracao');
    expect(same.anomalias).toHaveLength(2);
    const changed = compare(plain('texto corrido'), plain('texto corrido e um acréscimo'));
    expect(changed.resultado).toBe('alteracao');
    expect(changed.atos_alterados).toEqual([
      {
        ato: 'texto',
        natureza: null,
        antes: 'MATRÍCULA 1 texto corrido',
        depois: 'MATRÍCULA 1 texto corrido e um acréscimo',
      },
    ]);
  });
});

describe('matricula watch: an image-only record, by page count and hash (decision 0152)', () => {
  const scanned = (sha: string, paginas: number): RecordViewRun => ({
    result: delivered(null),
    documento: { sha256: sha.repeat(64), paginas },
  });

  it('reports a change when the hash changes, with the notice and the page counts', () => {
    const diff = compare(scanned('a', 2), scanned('b', 3));
    expect(diff).toMatchObject({
      resultado: 'alteracao',
      comparacao: 'documento',
      aviso: IMAGE_ONLY_NOTICE,
      documento_anterior: { sha256: 'a'.repeat(64), paginas: 2 },
      documento_atual: { sha256: 'b'.repeat(64), paginas: 3 },
    });
    expect(diff.resumo).toBe(
      'Sem camada de texto: comparação pelo número de páginas e hash; documento diferente (hash diferente, 2 → 3 páginas).',
    );
    expect(compare(scanned('a', 2), scanned('c', 2)).resumo).toContain('(hash diferente, 2 páginas)');
  });

  it('the same document is no change; the first one is "primeira"', () => {
    const same = compare(scanned('a', 2), scanned('a', 2));
    expect(same.resultado).toBe('sem_alteracao');
    expect(same.resumo).toBe(
      'Sem camada de texto: comparação pelo número de páginas e hash; sem alteração: o mesmo documento (2 páginas).',
    );
    expect(compare(null, scanned('a', 1)).resumo).toBe(
      'Sem camada de texto: comparação pelo número de páginas e hash; primeira visualização: 1 página.',
    );
  });

  it('a record that lost its text layer is compared by its documents too', () => {
    expect(compare(view([R1]), scanned('b', 1))).toMatchObject({ resultado: 'alteracao', comparacao: 'documento' });
  });

  it('without an archived document there is nothing to compare', () => {
    const diff = compare(scanned('a', 1), { result: delivered(null), documento: null });
    expect(diff).toMatchObject({ resultado: 'inconclusiva', comparacao: 'documento', documento_atual: null });
  });
});
