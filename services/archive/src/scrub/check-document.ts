import { createHash } from 'node:crypto';
import type { DocumentStorage } from '@regapi/documents';
import type { ScrubOutcome } from '@regapi/telemetry';

export interface CheckedDocument {
  readonly outcome: ScrubOutcome;
  /** What the stored bytes hash to; undefined when the object is missing. */
  readonly sha256: string | undefined;
  readonly bytes: number | undefined;
}

/**
 * Re-hashes the object under `storageKey` against `expectedSha256`, streaming it: memory holds one chunk and the hash,
 * whatever the document's size. A failure to read the bucket is thrown, never counted as a finding.
 */
export async function checkDocument(
  storage: DocumentStorage,
  storageKey: string,
  expectedSha256: string,
  signal: AbortSignal,
): Promise<CheckedDocument> {
  const stored = await storage.get(storageKey);
  if (stored === undefined) return { outcome: 'missing', sha256: undefined, bytes: undefined };
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of stored.body) {
      if (signal.aborted) throw signal.reason;
      const buffer = chunk as Buffer;
      hash.update(buffer);
      bytes += buffer.byteLength;
    }
  } finally {
    stored.body.destroy();
  }
  const sha256 = hash.digest('hex');
  return { outcome: sha256 === expectedSha256 ? 'ok' : 'mismatch', sha256, bytes };
}
