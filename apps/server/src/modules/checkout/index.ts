/**
 * The public payment API and payment intents behind Pay Now (docs/product.md#payment-page,
 * docs/product.md#payment-flow).
 */
export { payablePageStatement } from './queries.js';
export { checkoutRoutes } from './routes.js';
