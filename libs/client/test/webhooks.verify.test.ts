import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src';

// The Standard Webhooks specification's own vector (its reference libraries' sign test): this secret, id, timestamp
// and body give exactly this signature. The webhooks service signs the same way, so a verifier that passes it and
// refuses each alteration below accepts our deliveries and nothing else.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const AT = TIMESTAMP * 1000;

const headers = (signature = SIGNATURE, timestamp = String(TIMESTAMP)) => ({
  'webhook-id': ID,
  'webhook-timestamp': timestamp,
  'webhook-signature': signature,
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.message;
    throw error;
  }
  return 'accepted';
}

test('the specification vector: signed as it says, and verified with its id, timestamp and parsed body', () => {
  expect(signWebhook(SECRET, ID, TIMESTAMP, BODY)).toBe(SIGNATURE);
  expect(verifyWebhook({ secret: SECRET, headers: headers(), body: BODY, now: AT })).toEqual({
    id: ID,
    timestamp: TIMESTAMP,
    payload: { test: 2432232314 },
  });
  // The raw bytes, node's header record with other case, fetch Headers, the secret without its prefix: the same.
  const bytes = Buffer.from(BODY);
  expect(verifyWebhook({ secret: SECRET, headers: new Headers(headers()), body: bytes, now: AT }).id).toBe(ID);
  expect(
    verifyWebhook({ secret: SECRET.slice(6), headers: { 'Webhook-Id': ID, ...headers() }, body: BODY, now: AT }).id,
  ).toBe(ID);
});

test('one valid signature among several (a secret rotation) is enough', () => {
  const several = `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${SIGNATURE}`;
  expect(verifyWebhook({ secret: SECRET, headers: headers(several), body: BODY, now: AT }).id).toBe(ID);
});

test('a tampered body, a wrong secret, a forged or missing signature are refused', () => {
  expect(
    refusal(() => verifyWebhook({ secret: SECRET, headers: headers(), body: '{"test": 2432232315}', now: AT })),
  ).toBe('nenhuma assinatura confere');
  const otherSecret = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
  expect(refusal(() => verifyWebhook({ secret: otherSecret, headers: headers(), body: BODY, now: AT }))).toBe(
    'nenhuma assinatura confere',
  );
  const forged = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
  expect(refusal(() => verifyWebhook({ secret: SECRET, headers: headers(forged), body: BODY, now: AT }))).toBe(
    'nenhuma assinatura confere',
  );
  // The right HMAC under another version tag is not a v1 signature.
  expect(
    refusal(() =>
      verifyWebhook({ secret: SECRET, headers: headers(SIGNATURE.replace('v1,', 'v2,')), body: BODY, now: AT }),
    ),
  ).toBe('nenhuma assinatura confere');
  const { 'webhook-signature': _, ...unsigned } = headers();
  expect(refusal(() => verifyWebhook({ secret: SECRET, headers: unsigned, body: BODY, now: AT }))).toMatch(/faltam/);
});

test('a timestamp more than 5 minutes away, either way, is refused; within 5 minutes it is accepted', () => {
  const verifyAt = (now: number) =>
    refusal(() => verifyWebhook({ secret: SECRET, headers: headers(), body: BODY, now }));
  expect(verifyAt(AT + 300_000)).toBe('accepted');
  expect(verifyAt(AT - 300_000)).toBe('accepted');
  expect(verifyAt(AT + 301_000)).toBe('mensagem antiga demais');
  expect(verifyAt(AT - 301_000)).toBe('webhook-timestamp no futuro');
  // The timestamp is signed: moving it to pass the window breaks the signature.
  const moved = String(TIMESTAMP + 600);
  expect(
    refusal(() => verifyWebhook({ secret: SECRET, headers: headers(SIGNATURE, moved), body: BODY, now: AT + 600_000 })),
  ).toBe('nenhuma assinatura confere');
  expect(
    refusal(() => verifyWebhook({ secret: SECRET, headers: headers(SIGNATURE, '1614265330.5'), body: BODY, now: AT })),
  ).toBe('webhook-timestamp inválido');
});
