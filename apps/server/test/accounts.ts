/** Account fixtures for API tests: sign up, verify from the emailed link, sign in. */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { devOutbox, users } from '../src/db/schema/index.js';
import { createAdmin } from '../src/modules/auth/index.js';

export const PASSWORD = 'correct horse battery';
export const SESSION_COOKIE = 'clinicpay.session_token';

export const uniqueEmail = (label = 'clinic') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * The newest dev-outbox message to `recipient` (with `subject`, when given), once every queued job has
 * run. Give the subject when two emails may be queued before one drain (a sign-up's check and a reset
 * asked for at once): a drain delivers them side by side, in no fixed order.
 */
export async function lastMailTo(app: FastifyInstance, recipient: string, subject?: string) {
  await app.jobs.drain();
  const rows = await app.database.db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt));
  return rows.find(
    (row) => row.recipient === recipient && (subject === undefined || row.subject === subject),
  );
}

/** The first link in the newest message to `recipient` (with `subject`, when given), as a URL. */
export async function linkMailedTo(app: FastifyInstance, recipient: string, subject?: string): Promise<URL> {
  const mail = await lastMailTo(app, recipient, subject);
  const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${recipient}`);
  return new URL(link);
}

export function signUp(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  clinicName = 'Harley Street Dental',
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { clinicName, email, password, confirmPassword: password, agreeTerms: true },
  });
}

export async function verifyFromEmail(app: FastifyInstance, email: string) {
  const link = await linkMailedTo(app, email);
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
  });
}

export function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
}

/**
 * The session cookie a response set, as inject's `cookies` option (in production its name carries the
 * __Secure- prefix).
 */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find(
    (candidate) => candidate.name.endsWith(SESSION_COOKIE) && candidate.value,
  );
  if (!cookie) throw new Error('no session cookie was set');
  return { [cookie.name]: cookie.value };
}

/** A verified, signed-in clinic user: its email and session cookie. */
export async function signedInClinic(app: FastifyInstance, email = uniqueEmail()) {
  await signUp(app, email);
  if (app.mailer.transport === 'smtp') {
    // Mail goes to an SMTP server the test owns, not the dev outbox: the address is marked verified
    // directly, as the verification link would (the link itself is tested with the dev outbox).
    await app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  } else {
    await verifyFromEmail(app, email);
  }
  const response = await signIn(app, email);
  return { email, cookies: sessionCookieOf(response), user: response.json().user };
}

/** The TOTP code an authenticator app shows now for `secret` (base32), computed by otpauth (RFC 6238). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

/**
 * Turns two-factor sign-in on for the signed-in user of `cookies`, as Settings → Security does: the
 * password, then the app's first code. Returns the TOTP secret, the recovery codes and the renewed
 * session's cookies.
 */
export async function enableTwoFactor(
  app: FastifyInstance,
  cookies: Record<string, string>,
  password = PASSWORD,
) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookies,
    payload: { password },
  });
  if (setup.statusCode !== 200) throw new Error(`two-factor setup refused: ${setup.body}`);
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    cookies,
    payload: { code: totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor not confirmed: ${confirmed.body}`);
  return { secret, recoveryCodes, cookies: sessionCookieOf(confirmed) };
}

/** The cookies a response set (any name), as inject's `cookies` option. */
export const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  Object.fromEntries(
    response.cookies.filter((cookie) => cookie.value).map((cookie) => [cookie.name, cookie.value]),
  );

/**
 * Signs in with two factors: the password (which sets the challenge cookie), then `secret`'s current
 * code. Returns the second step's response.
 */
export async function signInWithTwoFactor(
  app: FastifyInstance,
  email: string,
  secret: string,
  password = PASSWORD,
) {
  const first = await signIn(app, email, password);
  if (!first.json().twoFactorRequired) throw new Error(`no second step asked: ${first.body}`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/sign-in',
    cookies: cookiesOf(first),
    payload: { method: 'totp', code: totpCode(secret) },
  });
}

/**
 * A signed-in admin with two-factor sign-in on, as every admin must have (decision 0122): its email,
 * session cookie, user and TOTP secret.
 */
export async function signedInAdmin(app: FastifyInstance, email = uniqueEmail('admin')) {
  await createAdmin(app.database.db, email, PASSWORD);
  const response = await signIn(app, email);
  const { secret, cookies } = await enableTwoFactor(app, sessionCookieOf(response));
  const session = await app.inject({ url: '/api/auth/session', cookies });
  return { email, cookies, user: session.json().user, secret };
}

/**
 * A member of `owner`'s clinic with `role`, joined through the emailed invitation as a new account and
 * signed in: its email, session cookie and user.
 */
export async function signedInMember(
  app: FastifyInstance,
  owner: { cookies: Record<string, string> },
  role: 'manager' | 'reception',
  email = uniqueEmail(role),
) {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    cookies: owner.cookies,
    payload: { email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation refused: ${invited.body}`);
  const token = (await linkMailedTo(app, email)).searchParams.get('token');
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/team-invitations/accept',
    payload: { account: 'new', token, name: `${role} member`, password: PASSWORD, confirmPassword: PASSWORD },
  });
  if (accepted.statusCode !== 201) throw new Error(`invitation not accepted: ${accepted.body}`);
  const response = await signIn(app, email);
  return { email, cookies: sessionCookieOf(response), user: response.json().user };
}
