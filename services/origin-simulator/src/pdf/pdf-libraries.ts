/**
 * The PDF and signing libraries, loaded when the first document is drawn rather than with the simulator: they cost some
 * 0.15 s of every process and test file that starts a simulator, and most never ask for a document (docs/decisions/0180;
 * the ledger's monthly statement does the same). Types are imported statically; only the values wait.
 */
export function pdfLib(): typeof import('pdf-lib') {
  return require('pdf-lib') as typeof import('pdf-lib');
}

export interface Signing {
  readonly pdflibAddPlaceholder: typeof import('@signpdf/placeholder-pdf-lib').pdflibAddPlaceholder;
  readonly P12Signer: typeof import('@signpdf/signer-p12').P12Signer;
  readonly signpdf: typeof import('@signpdf/signpdf').default;
}

export function signing(): Signing {
  const { pdflibAddPlaceholder } =
    require('@signpdf/placeholder-pdf-lib') as typeof import('@signpdf/placeholder-pdf-lib');
  const { P12Signer } = require('@signpdf/signer-p12') as typeof import('@signpdf/signer-p12');
  const signpdf = (require('@signpdf/signpdf') as typeof import('@signpdf/signpdf')).default;
  return { pdflibAddPlaceholder, P12Signer, signpdf };
}
