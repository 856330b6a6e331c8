/** The dev outbox page at /dev/outbox (decision 0007), outside production only. */
export { devOutboxRoutes } from './routes.js';
