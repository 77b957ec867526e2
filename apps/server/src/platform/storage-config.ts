import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage, type Storage } from './storage.js';

/**
 * S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/files. The AWS SDK is loaded only for
 * S3 (it costs start-up time a local installation should not pay).
 */
export async function storageFromConfig(config: Config): Promise<Storage> {
  if (!config.S3_BUCKET) return localStorage(path.join(config.dataDir, 'files'));
  const { s3Storage } = await import('./storage-s3.js');
  return s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
