import { RESULT_CLASSES, RESULT_CODES, RESULT_CODES_BY_CLASS } from '@regapi/contracts';
import { DOCUMENT, objectAt } from './openapi-support';

test('x-result-codes is RESULT_CODES, row for row', () => {
  expect(JSON.parse(JSON.stringify(DOCUMENT['x-result-codes']))).toEqual(JSON.parse(JSON.stringify(RESULT_CODES)));
});

test('the code of a finished query is exactly one of the result codes', () => {
  expect(objectAt(DOCUMENT.components.schemas.ResultCode).enum).toEqual(RESULT_CODES.map((info) => info.code));
});

test('the class table of the description has one row per class with its codes (contract 7.3)', () => {
  const description = String(DOCUMENT.info.description);
  for (const resultClass of RESULT_CLASSES) {
    expect(description).toContain(`| \`${resultClass}\` | ${RESULT_CODES_BY_CLASS[resultClass].join(', ')} |`);
  }
});
