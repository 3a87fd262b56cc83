import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStorage } from './s3-storage';

/** One path segment of a key: no empty part, no `.`/`..`, nothing a file system reads as a separator. */
const SEGMENT = /^[0-9A-Za-z_-][0-9A-Za-z._-]*$/;

function objectPath(root: string, key: string): string {
  const parts = key.split('/');
  if (!parts.every((part) => SEGMENT.test(part) && part !== '..' && part !== '.')) {
    throw new RangeError(`document key ${JSON.stringify(key)} is not a relative path of plain names`);
  }
  return path.join(root, ...parts);
}

/**
 * The documents in a folder of the local disk, behind the same DocumentStorage port as S3 (decision 0059): what
 * standalone uses, so it opens no port besides the API. Objects live under `<directory>/objects/<key>`, each with its
 * content type and metadata in `<directory>/meta/<key>.json`. A put writes a temporary file, syncs it and renames it
 * into place, so a reader sees the whole previous object or the whole new one, never a part. Nothing deletes.
 */
export function createFileStorage(directory: string, bucket = path.basename(directory)): DocumentStorage {
  const root = path.resolve(directory);
  const objects = path.join(root, 'objects');
  const meta = path.join(root, 'meta');
  const atomically = async (file: string, bytes: Uint8Array | string): Promise<void> => {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  };
  return {
    bucket,
    ensureBucket: async () => {
      await mkdir(objects, { recursive: true, mode: 0o700 });
      await mkdir(meta, { recursive: true, mode: 0o700 });
    },
    isReachable: async () => {
      try {
        await access(objects, constants.R_OK | constants.W_OK | constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    put: async (document) => {
      const file = objectPath(objects, document.key);
      const description = JSON.stringify({ contentType: document.contentType, metadata: document.metadata ?? {} });
      await atomically(file, document.bytes);
      await atomically(`${objectPath(meta, document.key)}.json`, description);
    },
    get: async (key, range) => {
      const file = objectPath(objects, key);
      let size: number;
      try {
        const found = await stat(file);
        if (!found.isFile()) return undefined;
        size = found.size;
      } catch (error: unknown) {
        // Not `instanceof Error`: errors of node's fs may come from another realm (jest's sandbox).
        if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') return undefined;
        throw error;
      }
      if (range === undefined) return { body: createReadStream(file), contentLength: size };
      const end = Math.min(range.end, size - 1);
      if (range.start > end) throw new RangeError(`range ${range.start}-${range.end} is outside ${size} bytes`);
      return { body: createReadStream(file, { start: range.start, end }), contentLength: end - range.start + 1 };
    },
    close: () => undefined,
  };
}
