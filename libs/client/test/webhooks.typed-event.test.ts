import {
  signWebhook,
  UnknownWebhookEventError,
  verifyWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  WebhookVerificationError,
} from '../src';

// Decision 0140: the verifier checks the signature as verifyWebhook does, then that the body is an event of a type
// the document's `webhooks` names, with its id equal to webhook-id, and returns it typed by that type.

const SECRET = `whsec_${Buffer.from('a webhook secret of 32 bytes....').toString('base64')}`;
const ID = '0b9c1f5e-7d7e-4a8e-9a51-2f0b8f3c6d11';
const TIMESTAMP = 1_780_000_000;
const NOW = TIMESTAMP * 1000;

function delivery(body: unknown, id = ID) {
  const text = JSON.stringify(body);
  return {
    secret: SECRET,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(TIMESTAMP),
      'webhook-signature': signWebhook(SECRET, id, TIMESTAMP, text),
    },
    body: text,
    now: NOW,
  };
}

const finished: WebhookEventOf<'consulta.finalizada'> = {
  id: ID,
  type: 'consulta.finalizada',
  timestamp: '2026-11-28T12:00:00.000Z',
  conta: '5d1c0f0e-0a9b-4d55-8c1e-3f3a1b2c4d5e',
  ambiente: 'teste',
  data: {
    protocolo: '2026112800001',
    referencia: 'PEDIDO-42',
    fonte: 'visualizacao-matricula',
    codigo: 200,
    status_consulta: 'SUCESSO',
  },
};

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof UnknownWebhookEventError)
      return `${error.name}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

test('a signed event comes back typed: narrowing on type gives its data', () => {
  const event: WebhookEvent = verifyWebhookEvent(delivery(finished));
  expect(event).toEqual(finished);
  if (event.type !== 'consulta.finalizada') throw new Error(`narrowed to ${event.type}`);
  // Compiles only because the type narrowed `data` to the event's own fields.
  const reference: string | null = event.data.referencia;
  expect([reference, event.data.codigo, event.ambiente]).toEqual(['PEDIDO-42', 200, 'teste']);
});

test('the SDK knows every event type of the document, the test event included', () => {
  expect(WEBHOOK_EVENT_TYPES).toEqual(
    expect.arrayContaining([
      'consulta.finalizada',
      'estorno.realizado',
      'saldo.abaixo_do_limite',
      'monitoramento.alteracao',
      'webhook.teste',
    ]),
  );
});

const watchChanged: WebhookEventOf<'monitoramento.alteracao'> = {
  id: ID,
  type: 'monitoramento.alteracao',
  timestamp: '2026-11-28T12:04:05.123Z',
  conta: '5d1c0f0e-0a9b-4d55-8c1e-3f3a1b2c4d5e',
  ambiente: 'producao',
  data: {
    monitoramento: '6b445949-dcc8-455a-ada0-c49acbb78634',
    tipo: 'matricula',
    referencia_monitoramento: 'carteira-7',
    execucao_planejada_em: '2026-11-28T12:00:00.000Z',
    protocolos: ['2026112800002'],
    resumo: '1 ato novo: R.5 (penhora)',
    diferencas: {
      tipo: 'matricula',
      resultado: 'alteracao',
      resumo: '1 ato novo: R.5 (penhora)',
      comparacao: 'texto',
      aviso: null,
      atos_novos: [{ ato: 'R.5', tipo: 'R', numero: 5, natureza: 'penhora', texto: 'R.5/1234 - PENHORA.' }],
      atos_alterados: [],
      atos_removidos: [],
      anomalias: [],
      documento_anterior: null,
      documento_atual: null,
    },
  },
};

test("a watch's change comes back typed down to its diff: narrowing on diferencas.tipo gives the acts", () => {
  const event: WebhookEvent = verifyWebhookEvent(delivery(watchChanged));
  expect(event).toEqual(watchChanged);
  if (event.type !== 'monitoramento.alteracao') throw new Error(`narrowed to ${event.type}`);
  const diff = event.data.diferencas;
  if (diff.tipo !== 'matricula') throw new Error(`narrowed to ${diff.tipo}`);
  // Compiles only because `diferencas` is the history's DiferencasMonitoramento, a union narrowed by its tipo.
  const atos: string[] = diff.atos_novos.map((ato) => `${ato.ato} ${ato.natureza ?? ''}`);
  expect([event.data.referencia_monitoramento, atos]).toEqual(['carteira-7', ['R.5 penhora']]);
});

test('a body whose id differs from webhook-id, or without its fields, is refused; a bad signature first', () => {
  expect(failure(() => verifyWebhookEvent(delivery({ ...finished, id: 'another' })))).toBe(
    'WebhookVerificationError: o id do corpo difere do webhook-id',
  );
  const { conta: _conta, ...withoutAccount } = finished;
  expect(failure(() => verifyWebhookEvent(delivery(withoutAccount)))).toBe('WebhookVerificationError: corpo sem conta');
  expect(failure(() => verifyWebhookEvent(delivery([finished])))).toBe(
    'WebhookVerificationError: corpo sem type e data',
  );
  const tampered = { ...delivery(finished), body: JSON.stringify({ ...finished, conta: 'x' }) };
  expect(failure(() => verifyWebhookEvent(tampered))).toBe('WebhookVerificationError: nenhuma assinatura confere');
});

test('a type this SDK does not know is its own error, carrying the verified delivery', () => {
  const later = { ...finished, type: 'monitoramento.alerta' };
  let caught: unknown;
  try {
    verifyWebhookEvent(delivery(later));
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UnknownWebhookEventError);
  expect((caught as UnknownWebhookEventError).event).toEqual({ id: ID, timestamp: TIMESTAMP, payload: later });
});
