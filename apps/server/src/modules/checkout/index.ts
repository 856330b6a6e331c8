/** The public payment API and payment intents behind Pay Now (spec §2 public payment page, §4 payment flow). */
export { checkoutRoutes } from './routes.js';
