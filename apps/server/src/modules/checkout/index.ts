/**
 * The public payment API and payment intents behind Pay Now (docs/product.md#payment-page,
 * docs/product.md#payment-flow).
 */
export { checkoutRoutes } from './routes.js';
