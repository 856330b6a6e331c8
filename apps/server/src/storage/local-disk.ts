/**
 * The local-disk file store: one file per key under a root folder (DATA_DIR/logos by default). Writes go
 * to a temporary file first and are renamed into place, so a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage, type StoredObject } from './file-storage.js';

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * A store rooted at `rootDir`; `urlPrefix` is the app route that serves it (e.g. '/api/public/logos').
 * The content type of a read is taken from the key's extension.
 */
export function localDiskStorage(rootDir: string, urlPrefix: string): FileStorage {
  const root = path.resolve(rootDir);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key leaves its folder: ${key}`);
    return file;
  }

  return {
    kind: 'local',

    async put(key, bytes) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType:
          CONTENT_TYPE_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        size: info.size,
      };
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    urlFor(key) {
      assertSafeKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}
