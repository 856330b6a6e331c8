/**
 * Provider webhooks: /api/webhooks/stripe and /api/webhooks/stripe-connect, each event processed once.
 * Modules that handle an event type export an EventHandler; the HANDLERS table in service.ts names them.
 */
export type { EventDeps, EventHandler } from './handler.js';
export { webhookRoutes } from './routes.js';
