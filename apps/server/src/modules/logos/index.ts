/**
 * The clinic logo: upload, delete and serving (docs/product.md#clinic-settings; logo storage in
 * docs/product.md#records; file upload in docs/product.md#validation; Storage in
 * docs/product.md#server-calls; 2 MB and 3600 s in docs/product.md#constants). Multipart bodies are parsed in
 * this plugin only; every other API route still takes JSON alone. Files go to the store the configuration
 * chooses (storage/).
 */

import { LOGO_MAX_BYTES } from '@clinicpay/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createFileStorage, type FileStorage } from '../../storage/index.js';
import { LOGO_URL_PREFIX, logoHttpRoutes } from './routes.js';

export interface LogoRoutesOptions {
  /** Defaults to the store chosen by configuration: DATA_DIR/logos, or S3 when S3_BUCKET is set. */
  storage?: FileStorage;
}

/** Registered under /api by app.ts. */
export async function logoRoutes(app: FastifyInstance, options: LogoRoutesOptions = {}) {
  const storage = options.storage ?? (await createFileStorage(app.config, 'logos', LOGO_URL_PREFIX));
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await logoHttpRoutes(app, {
    db: app.database.db,
    storage,
    warn: (error, message) => app.log.warn({ err: error }, message),
  });
}
