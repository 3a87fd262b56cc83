/**
 * Reading what the origin's PDFs say in their TEXT layer (contract 2.5 `dados.conteudo`, contract 2.6 `certidao_codigo`).
 * Some offices deliver image-only PDFs: no text layer is `null`, which does not mean the document is missing.
 *
 * unpdf (pdf.js) is ESM-only in its engine, so it is loaded on first use with a dynamic import; under jest that needs
 * `--experimental-vm-modules` (scripts/test.mjs sets it).
 */

/** The text of every page, joined by newlines; null when the PDF carries no text layer at all. */
export async function extractPdfText(pdf: Uint8Array): Promise<string | null> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (detaches) the buffer it reads: give it a copy, the caller keeps its bytes.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { text } = await extractText(document, { mergePages: false });
    const joined = text.join('\n').trim();
    return joined === '' ? null : joined;
  } finally {
    await document.destroy();
  }
}

/** How a certificate prints its validator code: four groups of four, e.g. `7K2Q-9XTA-04MB-C3PD`. */
export const VALIDATOR_CODE_PATTERN = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}/;

/** The signature validator code printed after "Código de validação" in a certificate's text layer. */
export function findValidatorCode(text: string): string | null {
  const label = /c[óo]digo\s+de\s+valida[çc][ãa]o\s*:?\s*/i.exec(text);
  if (!label) return null;
  const rest = text.slice(label.index + label[0].length);
  const code = VALIDATOR_CODE_PATTERN.exec(rest);
  return code && code.index === 0 ? code[0] : null;
}
