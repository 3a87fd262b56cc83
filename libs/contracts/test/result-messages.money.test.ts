import {
  FONTES,
  finishedResultMessage,
  moneyOutcomeOfFinished,
  RESULT_CODES,
  refusalMessage,
  UNAVAILABLE_MOTIVOS,
} from '../src';

// Issue 12 item 2: every text of a result says what happened to the money (as `cobranca` shows it) and what to do
// next, keyed by what actually happened — never the code alone.

const finished = FONTES.flatMap((fonte) =>
  RESULT_CODES.map(({ code, refunded, class: resultClass }) => {
    const money = moneyOutcomeOfFinished(code, fonte);
    return { fonte, code, refunded, resultClass, money, text: finishedResultMessage(code, fonte, money) };
  }),
);

test('a finished order was debited: its text never says nothing was charged, and says what became of the money', () => {
  for (const row of finished) {
    const where = `${row.fonte} ${row.code}`;
    expect([where, /Nada foi cobrado/.test(row.text)]).toEqual([where, false]);
    if (row.money === 'mantido') expect([where, row.text]).toEqual([where, expect.stringMatching(/é mantido/)]);
    if (row.money === 'devolvido') {
      expect([where, row.text]).toEqual([where, expect.stringMatching(/devolvido integralmente/)]);
    }
    // Money follows the class (contract 7.3, 7.4), except the record view's 605, which waits for the reconciliation.
    const waits = row.code === 605 && row.fonte === 'visualizacao-matricula';
    expect([where, row.money]).toEqual([where, waits ? 'em_conciliacao' : row.refunded ? 'devolvido' : 'mantido']);
  }
});

test('every failure says what to do next; a new order of a finished one takes a NEW Idempotency-Key', () => {
  for (const row of finished) {
    if (row.code === 200) continue;
    const where = `${row.fonte} ${row.code}`;
    if (row.resultClass === 'retry' || row.resultClass === 'erro_participante') {
      const text = row.money === 'em_conciliacao' ? /Não faça um novo pedido/ : /NOVA Idempotency-Key/;
      expect([where, row.text]).toEqual([where, expect.stringMatching(text)]);
    }
    if (row.resultClass === 'nao_encontrado' || row.resultClass === 'indeterminado') {
      expect([where, row.text]).toEqual([where, expect.stringMatching(/não muda o resultado/)]);
    }
  }
});

test('605: the record view waits for the reconciliation; a search or a certificate is refunded at once', () => {
  const recordView = finishedResultMessage(605, 'visualizacao-matricula', 'em_conciliacao');
  expect(recordView).toMatch(/conciliação \(a cada 30 minutos\)/);
  expect(recordView).toMatch(/Não faça um novo pedido/);
  for (const fonte of ['pesquisa-previa-bens', 'certidao-inteiro-teor'] as const) {
    const text = finishedResultMessage(605, fonte, moneyOutcomeOfFinished(605, fonte));
    expect(text).not.toMatch(/concilia/i);
    expect(text).toMatch(/devolvido integralmente/);
    expect(text).toMatch(/NOVA Idempotency-Key/);
  }
  const notFound = moneyOutcomeOfFinished(605, 'visualizacao-matricula', 'not_found');
  const refunded = finishedResultMessage(605, 'visualizacao-matricula', notFound);
  expect(refunded).toMatch(/nada foi cobrado pelo cartório/);
  expect(refunded).toMatch(/devolvido integralmente/);
  expect(refunded).not.toMatch(/fica retido/);
});

test('618 on a certificate is the order accepted without a protocol, refunded, not a momentary instability', () => {
  const text = finishedResultMessage(
    618,
    'certidao-inteiro-teor',
    moneyOutcomeOfFinished(618, 'certidao-inteiro-teor'),
  );
  expect(text).toMatch(/sem número de protocolo/);
  expect(text).not.toMatch(/instabilidade/i);
  expect(text).toMatch(/devolvido integralmente/);
});

test('602 refused at acceptance charged nothing and keeps the key; 602 of a debited order was refunded', () => {
  for (const motivo of UNAVAILABLE_MOTIVOS) {
    const text = refusalMessage(motivo, '2026-12-01');
    expect([motivo, text]).toEqual([motivo, expect.stringMatching(/Nada foi cobrado/)]);
    expect([motivo, /devolvido/.test(text)]).toEqual([motivo, false]);
  }
  expect(refusalMessage('pedido_em_vigor', '2026-12-01')).toMatch(/a partir de 2026-12-01 .*mesma Idempotency-Key/);
  const debited = finishedResultMessage(
    602,
    'visualizacao-matricula',
    moneyOutcomeOfFinished(602, 'visualizacao-matricula'),
  );
  expect(debited).not.toMatch(/Nada foi cobrado/);
  expect(debited).toMatch(/devolvido integralmente/);
});
