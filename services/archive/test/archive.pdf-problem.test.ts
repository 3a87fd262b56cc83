import { pdfProblem } from '../src/archiving/pdf-problem';

// What the archive refuses to keep as "the PDF the origin delivered": anything not framed as a PDF.

const MAX = 1024 * 1024;
const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`);

test('a framed PDF passes', () => {
  expect(pdfProblem(pdf('1 0 obj << >> endobj'), MAX)).toBeUndefined();
  expect(pdfProblem(Buffer.concat([pdf('x'), Buffer.alloc(500, 0x20)]), MAX)).toBeUndefined();
});

test.each([
  ['an empty body', Buffer.alloc(0), /empty/],
  ['a maintenance page served with 200', Buffer.from('<html>Manutenção</html>'), /does not start with %PDF-/],
  ['a body cut short', pdf('x').subarray(0, 12), /cut short/],
  ['a body larger than the limit', Buffer.concat([pdf('x'), Buffer.alloc(MAX)]), /more than/],
])('%s is refused', (_what, bytes, problem) => {
  expect(pdfProblem(bytes, MAX)).toMatch(problem);
});
