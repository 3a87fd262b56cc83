import { mkdirSync } from 'node:fs';

export interface LocalS3 {
  readonly endpoint: string;
  close(): Promise<void>;
}

export interface LocalS3Options {
  /** Where the objects are kept on disk. */
  readonly directory: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Created at start. */
  readonly bucket: string;
}

/**
 * An S3-compatible store on the local disk (s3rver) for tests and the local distributed runner only (never standalone:
 * it serves anyone who reaches its port, decision 0059), so s3rver is a dependency of the testkit alone. It is
 * loaded here only, on first use, so the services that merely talk to S3 never load it.
 */
export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  // require, not import(): jest runs without VM modules, and the compiled services are CommonJS anyway.
  const S3rver = require('@20minutes/s3rver') as typeof import('@20minutes/s3rver').default;
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    // The fork's v4 signature check rejects the SDK's requests (SignatureDoesNotMatch from the first CreateBucket);
    // signing is the SDK's job and production's S3 checks it, so this store takes the credentials on trust.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: options.bucket }],
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
