/**
 * What a request knows that the code under it may need without being handed it: the client's address,
 * for the audit trail's "from where" (decision 0124). Kept per request by @fastify/request-context (an
 * AsyncLocalStorage), so a service records it without knowing HTTP; outside a request (a job, a provider
 * event) there is none.
 */
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** Fastify's request.ip, which honours TRUST_PROXY. */
    clientAddress: string;
  }
}

/** Registers the per-request store, filled when each request arrives. */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ clientAddress: request.ip }),
  });
}

/** The address of the client whose request is running, or null outside a request. */
export function currentClientAddress(): string | null {
  return requestContext.get('clientAddress') ?? null;
}
