/**
 * A clinic's team (decision 0121): members with roles, invitations by email, role changes, removal,
 * signing a member out everywhere and transferring ownership. The roles' permissions are one table in
 * @clinicpay/shared (PERMISSIONS), which requireClinic applies to every clinic route.
 */
export { teamInvitationRoutes, teamRoutes } from './routes.js';
export { checkInvitation } from './service.js';
