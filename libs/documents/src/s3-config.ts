import { env } from '@regapi/config';

/**
 * Where the documents live (S3-compatible storage), read by every process that stores or serves them: the archive and
 * the gateway. Defaults fit the local store the deploy scripts start (s3rver, docs/operations.md).
 */
export const s3Config = {
  /** The store's endpoint; path-style addressing is always used. Default the local store. */
  S3_ENDPOINT: env.url(['http:', 'https:'], 'http://127.0.0.1:4569'),
  /** Bucket of the documents. */
  S3_BUCKET: env.string('regapi-documents'),
  S3_REGION: env.string('us-east-1'),
  /** Credentials; the defaults are s3rver's. */
  S3_ACCESS_KEY_ID: env.string('S3RVER'),
  S3_SECRET_ACCESS_KEY: env.string('S3RVER'),
};

export interface S3Settings {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

export function s3SettingsFrom(config: {
  readonly S3_ENDPOINT: string;
  readonly S3_BUCKET: string;
  readonly S3_REGION: string;
  readonly S3_ACCESS_KEY_ID: string;
  readonly S3_SECRET_ACCESS_KEY: string;
}): S3Settings {
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
}
