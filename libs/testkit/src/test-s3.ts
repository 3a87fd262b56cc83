import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createS3Storage, type DocumentStorage } from '@regapi/documents';
import { startLocalS3 } from './local-s3';

export interface TestS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** A new client of the bucket (each service gets its own, as in distributed mode). */
  storage(): DocumentStorage;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) for one test file, on a free port over a temporary folder, with its bucket
 * created. The clients use the settings s3rver needs (path style; checksums only when required, see libs/documents `s3-storage.ts`).
 */
export async function startTestS3(bucket = 'regapi-documents-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'regapi-s3-'));
  const server = await startLocalS3({ directory, port: 0, bucket });
  const clients: DocumentStorage[] = [];
  return {
    endpoint: server.endpoint,
    bucket,
    storage() {
      const client = createS3Storage({
        endpoint: server.endpoint,
        bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
