import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { startTestS3, type TestS3 } from '@regapi/testkit';
import { createFileStorage, type DocumentStorage } from '../src';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

interface Implementation {
  readonly name: string;
  open(): Promise<{ storage: DocumentStorage; close(): Promise<void> }>;
}

const implementations: Implementation[] = [
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const s3: TestS3 = await startTestS3();
      return { storage: s3.storage(), close: () => s3.close() };
    },
  },
  {
    name: 'local folder',
    open: async () => {
      const directory = mkdtempSync(path.join(tmpdir(), 'regapi-documents-'));
      const storage = createFileStorage(path.join(directory, 'documents'));
      return { storage, close: async () => rmSync(directory, { recursive: true, force: true }) };
    },
  },
];

// The SAME behaviour, asked of every DocumentStorage: what the archive writes and the gateway's /documento reads.
describe.each(implementations)('DocumentStorage: $name', (implementation) => {
  let opened: Awaited<ReturnType<Implementation['open']>>;
  let storage: DocumentStorage;
  beforeAll(async () => {
    opened = await implementation.open();
    storage = opened.storage;
    await storage.ensureBucket();
  });
  afterAll(async () => {
    storage.close();
    await opened.close();
  });

  it('is reachable once its bucket exists, and ensuring it again changes nothing', async () => {
    await storage.ensureBucket();
    expect(await storage.isReachable()).toBe(true);
  });

  it('gives back exactly the bytes written, every byte value included', async () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\r\n\0\xff'), randomBytes(70_000)]));
    const key = 'documents/acc-1/202611230001/record-view.pdf';
    await storage.put({ key, bytes, contentType: 'application/pdf', metadata: { sha256: 'abc' } });
    const object = await storage.get(key);
    expect(object?.contentLength).toBe(bytes.byteLength);
    expect(Buffer.compare(await bytesOf(object?.body as Readable), Buffer.from(bytes))).toBe(0);
  });

  it('serves one inclusive byte range', async () => {
    const bytes = new Uint8Array(randomBytes(5000));
    const key = 'documents/acc-1/202611230002/certificate.pdf';
    await storage.put({ key, bytes, contentType: 'application/pdf' });
    const object = await storage.get(key, { start: 100, end: 1099 });
    expect(object?.contentLength).toBe(1000);
    expect(Buffer.compare(await bytesOf(object?.body as Readable), Buffer.from(bytes.subarray(100, 1100)))).toBe(0);
    const last = await storage.get(key, { start: 4999, end: 4999 });
    expect([...(await bytesOf(last?.body as Readable))]).toEqual([bytes[4999]]);
  });

  it('answers undefined for a key never written', async () => {
    expect(await storage.get('documents/acc-1/999/record-view.pdf')).toBeUndefined();
  });

  it('a second put under the same key (a redelivered archive message) leaves the new whole object', async () => {
    const key = 'documents/acc-2/202611230003/record-view.pdf';
    await storage.put({ key, bytes: new Uint8Array(randomBytes(3000)), contentType: 'application/pdf' });
    const again = new Uint8Array(randomBytes(1200));
    await storage.put({ key, bytes: again, contentType: 'application/pdf' });
    const object = await storage.get(key);
    expect(object?.contentLength).toBe(1200);
    expect(Buffer.compare(await bytesOf(object?.body as Readable), Buffer.from(again))).toBe(0);
  });

  it('keeps every document: writing one never removes another (archived forever)', async () => {
    const keys = ['documents/acc-3/1/record-view.pdf', 'documents/acc-3/2/record-view.pdf', 'quarantine/acc-3/1/x.pdf'];
    for (const key of keys) await storage.put({ key, bytes: Buffer.from(key), contentType: 'application/pdf' });
    for (const key of keys) expect((await bytesOf((await storage.get(key))?.body as Readable)).toString()).toBe(key);
  });
});

describe('local folder store: keys', () => {
  it('refuses a key that would climb out of its folder', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'regapi-documents-'));
    try {
      const storage = createFileStorage(path.join(directory, 'documents'));
      await storage.ensureBucket();
      for (const key of ['../escape.pdf', 'documents/../../x', '/etc/passwd', 'a//b']) {
        await expect(storage.put({ key, bytes: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow(
          RangeError,
        );
        await expect(storage.get(key)).rejects.toThrow(RangeError);
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('is not reachable when its folder is gone', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'regapi-documents-'));
    const storage = createFileStorage(path.join(directory, 'documents'));
    await storage.ensureBucket();
    rmSync(directory, { recursive: true, force: true });
    expect(await storage.isReachable()).toBe(false);
  });
});
