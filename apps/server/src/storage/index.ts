/**
 * File storage (logo storage in docs/product.md#records): the FileStorage interface and the store the
 * configuration chooses. Local disk under DATA_DIR by default; an S3-compatible bucket when S3_BUCKET is set.
 * The AWS SDK (about 25 MB of a server's memory) is loaded only then (decision 0077).
 */
import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { localDiskStorage } from './local-disk.js';

export { type FileStorage, isSafeKey, type StoredObject } from './file-storage.js';
export { localDiskStorage } from './local-disk.js';

/**
 * The store for one kind of file: `folder` names the local folder under DATA_DIR (and is unused with
 * S3, where the bucket is the folder); `urlPrefix` is the app route that serves its objects.
 */
export async function createFileStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
  folder: string,
  urlPrefix: string,
): Promise<FileStorage> {
  if (config.s3) return (await import('./s3.js')).s3Storage(config.s3, urlPrefix);
  return localDiskStorage(path.join(config.dataDir, folder), urlPrefix);
}
