/**
 * How many pages a PDF has, read by pdf.js (unpdf, loaded on first use as in pdf-text.ts). An image-only record view
 * is compared by its page count and hash (decision 0162): the count is what a person sees change.
 */
export async function countPdfPages(pdf: Uint8Array): Promise<number> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js detaches the buffer it reads: give it a copy, the caller keeps its bytes.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}
