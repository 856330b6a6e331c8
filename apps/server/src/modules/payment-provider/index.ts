/** What the browser needs to take payments: the provider and its publishable key. */
export { paymentProviderRoutes } from './routes.js';
