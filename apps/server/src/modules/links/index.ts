/** Payment links: create, list, archive and unarchive (spec §2 Create Payment Link, Payment Links card). */
export { findClinicLink, type PaymentLinkRow } from './queries.js';
export { linkRoutes } from './routes.js';
