/**
 * Payment links: create, list, archive and unarchive (docs/product.md#create-payment-link; the Payment
 * Links card in docs/product.md#clinic-dashboard).
 */
export { closesAfter, isClosed, lastDayAfter, lastDayBefore, londonDay, requestState } from './lifetime.js';
export { countLinkPayments, findClinicLink, lockLinkLifetime } from './queries.js';
export { linkRoutes } from './routes.js';
