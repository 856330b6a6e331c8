/**
 * File storage (spec §3 "Logo storage"): the FileStorage interface and the store the configuration
 * chooses. Local disk under DATA_DIR by default; an S3-compatible bucket when S3_BUCKET is set.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { localDiskStorage } from './local-disk.js';
import { s3Storage } from './s3.js';

export { type FileStorage, isSafeKey, type StoredObject } from './file-storage.js';
export { localDiskStorage } from './local-disk.js';
export { createS3Client, s3Storage } from './s3.js';

/**
 * The store for one kind of file: `folder` names the local folder under DATA_DIR (and is unused with
 * S3, where the bucket is the folder); `urlPrefix` is the app route that serves its objects.
 */
export function createFileStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
  folder: string,
  urlPrefix: string,
): FileStorage {
  if (config.s3) return s3Storage(config.s3, urlPrefix);
  return localDiskStorage(path.join(config.dataDir, folder), urlPrefix);
}
