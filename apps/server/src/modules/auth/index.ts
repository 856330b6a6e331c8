/**
 * Accounts (better-auth behind /api/auth) and the session guards every clinic and admin route uses.
 * A clinic route takes the clinic id from the session (clinicMemberOf), never from the request.
 */
import type { JobQueue } from '../../jobs/index.js';
import { accountEmailJob } from './jobs.js';
import { type AccountDeps, sendAccountEmail } from './service.js';

export { type Auth, carriesSessionCookie, createAuth } from './auth.js';
export { hashPassword, verifyPassword } from './password-hashing.js';
/**
 * Reads and writes of users, sessions and set-password links, which this module owns, for the team
 * module (decision 0121) and the admin module: admins inviting admins, a clinic's invitation sent
 * again, and a clinic's sign-in suspended (decision 0125).
 */
export {
  deleteAllButNewestVerification,
  deleteClinicSessions,
  deleteSessionsOf,
  findAccountByEmail,
  findClinicOwner,
  insertInvitedAdmin,
  insertMemberUser,
  selectAdmins,
  selectClinicMembers,
  setMembership,
  setTwoFactorRequiredInClinic,
} from './queries.js';
export { authRoutes } from './routes.js';
export { type AccountDeps, createAdmin } from './service.js';
export { clinicMemberOf, requireAdmin, requireClinic } from './session.js';
export { resetLinkState } from './tokens.js';

/** Registers the worker of the account emails resend-verification and forgot-password ask for. */
export function registerAuthJobs(jobs: JobQueue, deps: AccountDeps): void {
  jobs.register(accountEmailJob, (job) => sendAccountEmail(deps, job));
}
