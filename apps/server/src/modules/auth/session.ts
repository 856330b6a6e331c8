/**
 * Reading the signed-in user on the server, and the guards every clinic and admin route uses
 * (docs/product.md#roles, docs/product.md#route-guarding; decision 0032: the clinic id comes from the
 * session, never the request).
 */
import {
  AUTH_MESSAGES,
  CLINIC_MESSAGES,
  CLINIC_ROLES,
  type Permission,
  roleCan,
  type SessionUser,
  TEAM_MESSAGES,
  TWO_FACTOR_MESSAGES,
  userRoleSchema,
} from '@clinicpay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { type Auth, CLIENT_IP_HEADER, SESSION_ABSOLUTE_SECONDS } from './auth.js';

/**
 * Copies Node's request headers into the Web Headers better-auth reads, with the client's address in
 * CLIENT_IP_HEADER (so a session records where it was opened: decision 0123).
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Passes better-auth's Set-Cookie headers (new, refreshed or cleared session) on to the reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
}

/**
 * The signed-in user, or null. A session older than the absolute lifetime is revoked here, whatever
 * its idle expiry says.
 */
export async function loadSessionUser(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const headers = toWebHeaders(request);
  if (!headers.get('cookie')) return null;
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  forwardCookies(reply, responseHeaders);
  if (!response) return null;

  const ageSeconds = (Date.now() - new Date(response.session.createdAt).getTime()) / 1000;
  if (ageSeconds > SESSION_ABSOLUTE_SECONDS) {
    const { headers: signOutHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
    forwardCookies(reply, signOutHeaders);
    return null;
  }
  request.sessionId = response.session.id;
  return toSessionUser(response.user);
}

/** better-auth's user, with ClinicPay's additional fields, as the API shows it. */
export function toSessionUser(user: {
  id: string;
  email: string;
  role?: unknown;
  clinicId?: unknown;
  clinicRole?: unknown;
  twoFactorEnabled?: unknown;
  twoFactorRequired?: unknown;
}): SessionUser {
  const clinicId = typeof user.clinicId === 'string' ? user.clinicId : null;
  const clinicRole = CLINIC_ROLES.find((role) => role === user.clinicRole) ?? null;
  const role = userRoleSchema.catch('clinic').parse(user.role);
  const twoFactorEnabled = user.twoFactorEnabled === true;
  // An admin must use it whatever the column says (decision 0122).
  const twoFactorRequired = role === 'admin' || user.twoFactorRequired === true;
  return {
    id: user.id,
    email: user.email,
    role,
    clinicId,
    clinicRole: clinicId ? clinicRole : null,
    twoFactorEnabled,
    twoFactorSetupRequired: twoFactorRequired && !twoFactorEnabled,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireSignedIn/requireClinic/requireAdmin guards. */
    sessionUser: SessionUser | null;
    /** The id of the session the request came with, once loadSessionUser has found it. */
    sessionId?: string;
  }
  interface FastifyContextConfig {
    /**
     * The work a clinic route does, by the team's permission table (decision 0121): requireClinic
     * refuses a member whose role may not do it. A clinic route without one is the owner's alone.
     */
    permission?: Permission;
  }
}

/** A clinic user: the user and the clinic id every clinic-scoped query must use. */
export interface ClinicMember extends SessionUser {
  clinicId: string;
}

/**
 * What a signed-out caller is told; a route may word it for what it does (docs/product.md#messages-accounts).
 */
type SignedOutMessage = (request: FastifyRequest) => string;

/**
 * The signed-in user of a clinic or admin route. 401 when signed out; 403 TWO_FACTOR_SETUP_REQUIRED
 * when the account must use two-factor sign-in and has not set it up (decision 0122): until then only
 * the account's own routes (requireSignedIn) answer.
 */
async function signedInUser(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  signedOutMessage?: SignedOutMessage,
): Promise<SessionUser> {
  const user = await loadSessionUser(auth, request, reply);
  if (!user) {
    throw new AppError('UNAUTHENTICATED', signedOutMessage?.(request) ?? AUTH_MESSAGES.signInRequired);
  }
  if (user.twoFactorSetupRequired)
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_MESSAGES.setupRequired);
  request.sessionUser = user;
  return user;
}

/**
 * Route hook (onRequest, so before body validation): any signed-in user, two-factor set up or not (the
 * account's own routes: change password, two-factor setup). 401 otherwise.
 */
export const requireSignedIn = (auth: Auth) => async (request: FastifyRequest, reply: FastifyReply) => {
  const user = await loadSessionUser(auth, request, reply);
  if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.signInRequired);
  request.sessionUser = user;
};

/**
 * Route hook (onRequest, so before body validation): a member of a clinic whose role may do the route's
 * `config.permission` (decision 0121; none named: the owner's alone). 401 when signed out (with
 * `signedOutMessage` when given), 403 for an admin, a user in no clinic, or a role without the permission.
 * The user and their role are read from the database on every request, so a member removed or moved
 * to another role is refused at once.
 */
export const requireClinic =
  (auth: Auth, signedOutMessage?: SignedOutMessage) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await signedInUser(auth, request, reply, signedOutMessage);
    if (user.role !== 'clinic') throw new AppError('FORBIDDEN', AUTH_MESSAGES.clinicOnly);
    if (!user.clinicId || !user.clinicRole) throw new AppError('FORBIDDEN', CLINIC_MESSAGES.noClinic);
    const permission = request.routeOptions.config.permission ?? 'manage';
    if (!roleCan(user.clinicRole, permission)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.forbidden);
  };

/** Route hook (onRequest): an admin. 401 when signed out, 403 for anyone else. */
export const requireAdmin = (auth: Auth) => async (request: FastifyRequest, reply: FastifyReply) => {
  const user = await signedInUser(auth, request, reply);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminOnly);
};

/** The clinic member of a request that passed requireClinic. */
export function clinicMemberOf(request: FastifyRequest): ClinicMember {
  const user = request.sessionUser;
  if (!user?.clinicId) throw new AppError('FORBIDDEN', CLINIC_MESSAGES.noClinic);
  return { ...user, clinicId: user.clinicId };
}
