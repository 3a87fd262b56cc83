/**
 * Why `bytes` cannot be the PDF the origin delivered, or undefined when it can: a PDF starts with its header
 * (`%PDF-1.x`) and ends with `%%EOF` in its last kilobyte (ISO 32000-1 7.5.2, 7.5.5). A maintenance page served with
 * 200, or a body cut short, fails here instead of being archived as a document.
 */
export function pdfProblem(bytes: Uint8Array, maxBytes: number): string | undefined {
  if (bytes.byteLength === 0) return 'the body is empty';
  if (bytes.byteLength > maxBytes) return `the body has ${bytes.byteLength} bytes, more than ${maxBytes}`;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(8, bytes.byteLength)).toString('latin1');
  if (!head.startsWith('%PDF-')) return `the body does not start with %PDF- (${JSON.stringify(head)})`;
  const tailStart = Math.max(0, bytes.byteLength - 1024);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.byteLength - tailStart).toString('latin1');
  if (!tail.includes('%%EOF')) return 'no %%EOF in the last kilobyte: the body is cut short';
  return undefined;
}
