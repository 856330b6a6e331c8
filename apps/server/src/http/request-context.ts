/**
 * What a request knows that the code under it may need without being handed it: the client's address,
 * for the audit trail's "from where" (decision 0124). Kept per request in @fastify/request-context's
 * store (an AsyncLocalStorage), so a service records it without knowing HTTP; outside a request (a job,
 * a provider event) there is none.
 *
 * The store is entered for every route except one that says in its config that nothing under it reads
 * the store (`config: { requestContext: false }`): the public payment API, which writes no audit entry
 * and answers every patient's page load and Pay Now (decision 0126). The plugin itself enters it for
 * every request; these are its two hooks, added to each route as it is declared and left off such a
 * route, which so runs no hook of the context's at all.
 */
import { AsyncResource } from 'node:async_hooks';
import { asyncLocalStorage, type RequestContext, requestContext } from '@fastify/request-context';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** Fastify's request.ip, which honours TRUST_PROXY. */
    clientAddress: string;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: nothing this route runs reads the request context (no audit entry), so none is kept. */
    requestContext?: false;
  }
  interface FastifyRequest {
    /** The request's own async scope, made when it arrives, in which its later hooks and handler run. */
    requestContextScope: AsyncResource | null;
  }
}

/** onRequest: enters a new store holding the client's address, for the rest of the request. */
function enterContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  // The plugin's store type is its RequestContext; the values it holds are RequestContextData.
  const store = { clientAddress: request.ip } as unknown as RequestContext;
  asyncLocalStorage.run(store, () => {
    const scope = new AsyncResource('fastify-request-context');
    request.requestContextScope = scope;
    scope.runInAsyncScope(done, request.raw);
  });
}

/**
 * preValidation: back into the request's scope, as the plugin does: the body is read in another async
 * context, and the validation, the preHandlers and the handler run after it.
 */
function reenterContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const scope = request.requestContextScope;
  if (!scope) return done();
  scope.runInAsyncScope(done, request.raw);
}

/** `hook` first among a route's own hooks of one kind (none, one, or a list). */
function first<T>(hook: T, own: T | T[] | undefined): T[] {
  return [hook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
}

/**
 * Registers the per-request store on every route declared on `app` after this, but those whose config
 * says `requestContext: false`. The hooks are the route's own, first among its own hooks (they run after
 * the app-wide ones, which read no context).
 */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  app.decorateRequest('requestContextScope', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.requestContext === false) return;
    route.onRequest = first<onRequestHookHandler>(enterContext, route.onRequest);
    route.preValidation = first<preValidationHookHandler>(reenterContext, route.preValidation);
  });
}

/** The address of the client whose request is running, or null outside a request. */
export function currentClientAddress(): string | null {
  return requestContext.get('clientAddress') ?? null;
}
