/**
 * Accounts (better-auth behind /api/auth) and the session guards every clinic and admin route uses.
 * A clinic route takes the clinic id from the session (clinicMemberOf), never from the request.
 */
import type { JobQueue } from '../../jobs/index.js';
import { accountEmailJob } from './jobs.js';
import { type AccountDeps, sendAccountEmail } from './service.js';

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
export { type AccountDeps, createAdmin } from './service.js';
export { clinicMemberOf, requireAdmin, requireClinic } from './session.js';

/** Registers the worker of the account emails resend-verification and forgot-password ask for. */
export function registerAuthJobs(jobs: JobQueue, deps: AccountDeps): void {
  jobs.register(accountEmailJob, (job) => sendAccountEmail(deps, job));
}
