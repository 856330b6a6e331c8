/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET for a page that is not a
 * file and not under /api answers index.html, and the browser router renders the page (or its own
 * not-found page). Hashed assets are cached for a year; index.html never.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const NOT_FOUND_MESSAGE = 'Not found';

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !path.extname(request.url.split('?')[0] ?? '')
  );
}

/** Registers static serving when webDistDir holds a build; otherwise every unknown path is a 404. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasBuild && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasBuild && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
}
