import { BucketAlreadyOwnedByYou, CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from './s3-config';

export interface DocumentStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Creates the bucket when missing (first start of a fresh store). */
  ensureBucket(): Promise<void>;
  /** True when the bucket answers (for /readyz). */
  isReachable(): Promise<boolean>;
  close(): void;
}

export function createS3Storage(settings: S3Settings): DocumentStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Default checksums use aws-chunked uploads, whose framing s3rver would store inside the object (STACK.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = settings.bucket;
  return {
    client,
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
    close: () => client.destroy(),
  };
}
