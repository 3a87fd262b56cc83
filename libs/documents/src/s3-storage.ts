import { Readable } from 'node:stream';
import type { S3Settings } from './s3-config';

/** Inclusive byte positions, as in an HTTP `Range` (RFC 9110 14.1.2). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface StoredObject {
  /** The bytes (of the range, when one was asked), streamed from the store. */
  readonly body: Readable;
  readonly contentLength: number;
}

export interface PutDocument {
  readonly key: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** Stored with the object (`x-amz-meta-*`), so an object found alone still says what it is. */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** The documents' S3-compatible bucket: what the archive writes and the gateway streams. */
export interface DocumentStorage {
  readonly bucket: string;
  /** Creates the bucket when missing (first start of a fresh store). */
  ensureBucket(): Promise<void>;
  /** True when the bucket answers (for /readyz). */
  isReachable(): Promise<boolean>;
  /** Writes the object, replacing any object under the same key. */
  put(document: PutDocument): Promise<void>;
  /** The object, or one byte range of it; undefined when there is no object under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  close(): void;
}

export function createS3Storage(settings: S3Settings): DocumentStorage {
  // The SDK is loaded by the first storage made, not with the library: it costs some 0.12 s of every process and test
  // file that imports the documents for their types or their table only (docs/decisions/0180).
  const {
    BucketAlreadyOwnedByYou,
    CreateBucketCommand,
    GetObjectCommand,
    HeadBucketCommand,
    NoSuchKey,
    PutObjectCommand,
    S3Client,
  } = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Default checksums use aws-chunked uploads, whose framing s3rver would store inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = settings.bucket;
  return {
    bucket,
    ensureBucket: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch {
        try {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        } catch (error: unknown) {
          if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
        }
      }
    },
    isReachable: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch {
        return false;
      }
    },
    put: async (document) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: document.key,
          Body: Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength),
          ContentLength: document.bytes.byteLength,
          ContentType: document.contentType,
          ...(document.metadata === undefined ? {} : { Metadata: { ...document.metadata } }),
        }),
      );
    },
    get: async (key, range) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
          }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error(`s3 object ${key}: the body is not a stream`);
        return { body: answer.Body, contentLength: answer.ContentLength ?? 0 };
      } catch (error: unknown) {
        if (error instanceof NoSuchKey || (error instanceof Error && error.name === 'NoSuchKey')) return undefined;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
