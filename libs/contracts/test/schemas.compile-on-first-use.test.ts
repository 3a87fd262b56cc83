import {
  validateCertidaoInteiroTeorBody,
  validateIdempotencyKey,
  validatePesquisaNacionalBody,
  validatePesquisaPreviaBensBody,
  validateVisualizacaoMatriculaBody,
  WEBHOOK_EMITTED_TYPES,
  watchDiffProblems,
  webhookPayloadProblems,
} from '../src';

// Decision 0180: the validators are compiled on their first use, not when the module loads. A schema strict ajv
// refuses would then fail at its first request in production; here every one is used once, so it fails the suite.

test('every request body schema compiles and refuses an empty body', () => {
  for (const validate of [
    validatePesquisaPreviaBensBody,
    validatePesquisaNacionalBody,
    validateVisualizacaoMatriculaBody,
    validateCertidaoInteiroTeorBody,
  ]) {
    expect(validate({}).ok).toBe(false);
  }
});

test('the idempotency key schema compiles: a UUID passes, a blank key does not', () => {
  expect(validateIdempotencyKey('3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47').ok).toBe(true);
  expect(validateIdempotencyKey('').ok).toBe(false);
});

test("the watch diff's schema and every webhook payload's compile, and refuse what they do not describe", () => {
  expect(watchDiffProblems({ resumo: 1 })).not.toEqual([]);
  for (const type of WEBHOOK_EMITTED_TYPES) {
    expect({ type, problems: webhookPayloadProblems({ type }).length > 0 }).toEqual({ type, problems: true });
  }
});
