/**
 * The admin console's API (spec §2 admin screens, §6, §9 "Admin statistics"): platform statistics,
 * the clinic list and profile, and force-disconnecting a clinic's card provider.
 */
export { adminRoutes } from './routes.js';
