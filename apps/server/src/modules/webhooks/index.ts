/**
 * Provider webhooks: /api/webhooks/stripe and /api/webhooks/stripe-connect, each event processed once.
 * Modules that handle an event type export an EventHandler (gateway/event-handler.ts); the HANDLERS table
 * in service.ts names them.
 */
export { webhookRoutes } from './routes.js';
