// The uploads stores a test can run against (modules/media/storage.ts): a folder, or a bucket of
// the local S3 stand-in reached over HTTP by the real AWS SDK.
import { randomBytes } from 'node:crypto';
import { startS3Standin, type S3Standin } from '../modules/media/s3-standin.ts';

export const STORAGE_KINDS = ['local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export interface TestStorage {
  /** Settings for createTestApp: STORAGE and, for s3, the stand-in's address, bucket and key. */
  env: Record<string, string>;
  /** The stand-in (s3 only). */
  standin: S3Standin | null;
  close(): Promise<void>;
}

/** A fresh store of `kind`: for s3 a stand-in of its own, with its own key. */
export async function createTestStorage(kind: StorageKind): Promise<TestStorage> {
  if (kind === 'local') return { env: { STORAGE: 'local' }, standin: null, close: async () => {} };
  const settings = { bucket: 'crema-test', accessKeyId: `test-${randomBytes(4).toString('hex')}`, secretAccessKey: randomBytes(24).toString('base64url') };
  const standin = await startS3Standin(settings);
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: standin.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    standin,
    close: () => standin.close(),
  };
}
