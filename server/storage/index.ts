import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';

export type { FileStorage } from './storage';

/** The bucket when S3_BUCKET is set; otherwise DATA_DIR/uploads (a temp dir for an in-memory database). */
export function createFileStorage(config: Config): FileStorage {
  if (config.S3_BUCKET && config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  const root = config.DATA_DIR.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'shop-uploads-'))
    : join(config.DATA_DIR, 'uploads');
  return localStorage(root);
}
