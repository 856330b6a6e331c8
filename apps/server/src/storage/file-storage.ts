/**
 * A small file store for uploaded files (logo storage in docs/product.md#records): objects addressed by a key
 * such as '{clinicId}/{timestamp}.webp'. Two implementations: the local disk under DATA_DIR (the default) and
 * an S3-compatible bucket when S3_BUCKET is set (see createFileStorage).
 */
import type { Readable } from 'node:stream';

/** A stored object being read: its bytes as a stream, its content type and its size in bytes. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

export interface FileStorage {
  /** 'local' or 's3', for logs and tests. */
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`, replacing any object with that key. Throws on an I/O or network failure. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object under `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The URL a browser loads the object from: the app's own serving route, or the bucket's public URL
   * (S3_PUBLIC_URL) when one is configured.
   */
  urlFor(key: string): string;
}

/**
 * A key is one or more safe segments of letters, digits, '-', '_' and '.', never '.' or '..', joined
 * by '/'. Both implementations refuse anything else, so no key can leave its folder or bucket prefix.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length >= 1 &&
    segments.length <= 4 &&
    segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..')
  );
}

/** Throws when `key` is not a safe key (a programming error: callers build keys themselves). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
