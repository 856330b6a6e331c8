/**
 * /readyz against a PostgreSQL server that goes away and comes back: the app talks to the database
 * through a TCP relay on the loopback that this test cuts and restores.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { createFreshPostgresDatabase } from '../../../test/test-database.js';
import { openDatabase } from '../../db/client.js';

interface Relay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as net.AddressInfo | null)?.port ?? port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
    restore: listen,
  };
}

describe('/readyz with a PostgreSQL server', () => {
  let app: FastifyInstance;
  let relay: Relay;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    const target = new URL(fresh.url);
    relay = await startRelay(target);
    const viaRelay = new URL(fresh.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const database = await openDatabase({ kind: 'postgres', url: viaRelay.toString() });
    await database.migrate();
    app = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await relay.cut();
    await drop();
  });

  it('answers 503 while the database is unreachable and 200 when it is back', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await relay.cut();
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    await relay.restore();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
