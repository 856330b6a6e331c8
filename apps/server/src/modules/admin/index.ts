/**
 * The admin console's API (admins only): platform statistics, the clinic list (searched by name or any
 * of the clinic's emails) and profile, force-disconnecting a clinic's card provider, invitations (of
 * clinics, sent again until used, and of admins), suspending a clinic's sign-in (decision 0125), and
 * the audit log (decision 0098).
 */
export { adminRoutes } from './routes.js';
