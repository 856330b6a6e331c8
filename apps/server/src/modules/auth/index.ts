/**
 * Accounts (better-auth behind /api/auth) and the session guards every clinic and admin route uses.
 * A clinic route takes the clinic id from the session (clinicMemberOf), never from the request.
 */
export { type Auth, createAuth } from './auth.js';
export { hashPassword, verifyPassword } from './password-hashing.js';
/** The team module's reads and writes of users and sessions, which this module owns (decision 0121). */
export {
  deleteSessionsOf,
  findAccountByEmail,
  insertMemberUser,
  selectClinicMembers,
  setMembership,
  setTwoFactorRequiredInClinic,
} from './queries.js';
export { authRoutes } from './routes.js';
export { createAdmin } from './service.js';
export { clinicMemberOf, requireAdmin, requireClinic } from './session.js';
