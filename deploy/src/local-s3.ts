import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface LocalS3 {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** An S3-compatible store on the local disk (s3rver) for standalone mode and the developer runner. */
export async function startLocalS3(options: { directory: string; port: number; bucket: string }): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket }],
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
