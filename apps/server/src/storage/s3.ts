/**
 * The S3-compatible file store (AWS S3, or any service speaking its API, e.g. MinIO or R2, through
 * S3_ENDPOINT). Objects are written with Cache-Control 'public, max-age=3600' (Storage in
 * docs/product.md#server-calls, the logo cache in docs/product.md#constants). Reads stream the object; a
 * missing key reads as null.
 */

import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LOGO_CACHE_SECONDS } from '@clinicpay/shared';
import type { S3StorageConfig } from '../config.js';
import { assertSafeKey, type FileStorage } from './file-storage.js';

/** The S3 client for `config`: path-style addressing when a custom endpoint is set (MinIO and the like). */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}

/**
 * A store in `config.bucket`. `urlPrefix` is the app route that serves objects when no public URL is
 * configured; with S3_PUBLIC_URL the browser loads objects straight from the bucket.
 */
export function s3Storage(config: S3StorageConfig, urlPrefix: string, client = createS3Client(config)) {
  const storage: FileStorage & { client: S3Client; bucket: string } = {
    kind: 's3',
    client,
    bucket: config.bucket,

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: `public, max-age=${LOGO_CACHE_SECONDS}`,
        }),
      );
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },

    urlFor(key) {
      assertSafeKey(key);
      return config.publicUrl ? `${config.publicUrl}/${key}` : `${urlPrefix}/${key}`;
    },
  };
  return storage;
}
