/** Payment links: create, list, archive and unarchive (spec §2 Create Payment Link, Payment Links card). */
export { closesAfter, isClosed, lastDayAfter, lastDayBefore, londonDay } from './lifetime.js';
export { countLinkPayments, findClinicLink, lockLinkLifetime, type PaymentLinkRow } from './queries.js';
export { linkRoutes } from './routes.js';
