import { finishedAnswer } from '../src/polling/order-view';

// Issue 12 item 2: a poll's code_message says what happened to THIS order's money, the same fact `cobranca` shows.

const order = (fonte: string, code: number) => ({
  id: 'b1c2d3e4-0000-4000-8000-000000000001',
  protocolo: '1234567890123',
  fonte,
  state: 'finished' as const,
  code,
  result: null,
  siteReceipts: [],
  aceite: {},
  attemptStartedAt: null,
  revisao: 0,
  revisadoEm: null,
  proximaRevisaoEm: null,
  referencia: null,
});
const debited = { debitedCentavos: 3700, refundedCentavos: 0, refundedAt: null, refundReason: null };
const refunded = { ...debited, refundedCentavos: 3700, refundedAt: new Date(), refundReason: 'x' };

test('a record view 605 waits for the reconciliation until its refund, then says it was not found and refunded', () => {
  const waiting = finishedAnswer(order('visualizacao-matricula', 605), debited, new Date()).envelope;
  expect(waiting.codeMessage).toMatch(/fica retido até a conciliação/);
  expect(waiting.data?.[0]).toMatchObject({ cobranca: { estornado: 0, estorno_pendente: true } });
  const done = finishedAnswer(order('visualizacao-matricula', 605), refunded, new Date()).envelope;
  expect(done.codeMessage).toMatch(/não consta na origem.*devolvido integralmente/);
  expect(done.codeMessage).not.toMatch(/fica retido/);
  expect(done.data?.[0]).toMatchObject({ cobranca: { estornado: 37, estorno_pendente: false } });
});

test('a search 605 is refunded at once: no reconciliation in its text', () => {
  const answer = finishedAnswer(order('pesquisa-previa-bens', 605), refunded, new Date()).envelope;
  expect(answer.codeMessage).toMatch(/devolvido integralmente/);
  expect(answer.codeMessage).not.toMatch(/concilia/i);
});

test('a debited order ended 602 never says nothing was charged', () => {
  const answer = finishedAnswer(order('visualizacao-matricula', 602), refunded, new Date()).envelope;
  expect(answer.codeMessage).not.toMatch(/Nada foi cobrado/);
  expect(answer.codeMessage).toMatch(/devolvido integralmente/);
});
