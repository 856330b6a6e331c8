/**
 * /api/auth: ClinicPay's account endpoints. Thin: validate with the shared schema, call the account
 * service (which turns better-auth's refusals into ClinicPay's codes), answer with the message
 * docs/product.md#messages-accounts or docs/product.md#messages-verification gives. Rate limited per
 * IP, and per account where an email is given (decision 0034), through http/rate-limit.ts; sign-in's
 * account limit is per account and address, and the counters live in the database every process
 * shares (decision 0021).
 */
import {
  AUTH_MESSAGES,
  accountSessionsSchema,
  changePasswordRequestSchema,
  emailRequestSchema,
  messageResponseSchema,
  recoveryCodesSchema,
  resendResponseSchema,
  resetPasswordRequestSchema,
  resetTokenQuerySchema,
  SESSION_MESSAGES,
  sessionResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorPasswordRequestSchema,
  twoFactorSetupSchema,
  twoFactorSignInRequestSchema,
  twoFactorStatusSchema,
  unverifiedErrorSchema,
  verifyEmailRequestSchema,
} from '@clinicpay/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerNoSoonerThan } from '../../http/answer-floor.js';
import { linkOrigin } from '../../http/link-origin.js';
import { limitPerKey } from '../../http/rate-limit.js';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices.js';
import { PROTECTION_MESSAGES, useSignInLink } from './protection.js';
import {
  type AccountDeps,
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signOut,
  signUpClinic,
  verifyEmail,
} from './service.js';
import { forwardCookies, loadSessionUser, requireSignedIn, toWebHeaders } from './session.js';
import { checkResetToken } from './tokens.js';
import {
  completeTwoFactorSignIn,
  confirmTwoFactor,
  disableTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.js';

const ACCOUNT_WINDOW = '15 minutes';

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, config } = app;
  const deps: AccountDeps = {
    db: app.database.db,
    auth,
    jobs: app.jobs,
    config,
    onMailError: (error) => app.log.error({ err: error }, 'account email could not be sent'),
  };
  const showLinks = !config.isProduction;

  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const emailOf = (request: FastifyRequest) =>
    String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
  // A second, slower limit per account. For sign-in it is keyed on the account AND the address
  // (decision 0021): keyed on the account alone, anyone could lock a clinic out by failing to sign in as it,
  // while its own staff, from their own address, must still get in with the right password. For the
  // emailing routes it is keyed on the account alone, which caps the mail one inbox receives.
  const perAccount = (name: string, max: number, key: (request: FastifyRequest) => string) =>
    limitPerKey(app, { name, max, timeWindow: ACCOUNT_WINDOW, key });
  const fromAddress = (request: FastifyRequest) => `${normalizeIP(request.ip)}|${emailOf(request)}`;
  const signInLimit = config.authRateLimitPerMinute;
  const mailLimit = Math.max(1, Math.floor(signInLimit / 4));

  api.post(
    '/auth/sign-up',
    {
      schema: { tags: ['auth'], body: signUpRequestSchema, response: { 201: signUpResponseSchema } },
      config: perIp(mailLimit),
    },
    async (request, reply) => {
      const result = await answerNoSoonerThan(config.signUpAnswerMs, () =>
        signUpClinic(deps, request.body, linkOrigin(request, config)),
      );
      return reply.status(201).send({
        message: AUTH_MESSAGES.signUpSuccess,
        email: result.email,
        userId: result.userId,
        verificationUrl: showLinks ? result.verificationUrl : undefined,
      });
    },
  );

  api.post(
    '/auth/verify-email',
    { schema: { tags: ['auth'], body: verifyEmailRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await verifyEmail(deps, request.body.token, request.body.userId);
      return { message: AUTH_MESSAGES.verifySuccess };
    },
  );

  api.post(
    '/auth/resend-verification',
    {
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: resendResponseSchema } },
      config: perIp(mailLimit),
      preHandler: perAccount('resend-verification', 5, emailOf),
    },
    async (request) => {
      await resendVerification(deps, request.body.email, linkOrigin(request, config));
      return { message: AUTH_MESSAGES.verificationResent };
    },
  );

  api.post(
    '/auth/sign-in',
    {
      schema: {
        tags: ['auth'],
        body: signInRequestSchema,
        response: { 200: signInResponseSchema, 403: unverifiedErrorSchema },
      },
      config: perIp(signInLimit),
      preHandler: perAccount('sign-in', signInLimit, fromAddress),
    },
    async (request, reply) => {
      const result = await signIn(deps, request.body, toWebHeaders(request), linkOrigin(request, config));
      if (result.outcome === 'unverified') {
        return reply.status(403).send({
          code: 'EMAIL_NOT_VERIFIED' as const,
          message: AUTH_MESSAGES.verifyFirst,
          email: result.email,
          userId: result.userId,
        });
      }
      forwardCookies(reply, result.headers);
      if (result.outcome === 'two-factor')
        return { message: TWO_FACTOR_MESSAGES.codeNeeded, twoFactorRequired: true as const };
      return { message: AUTH_MESSAGES.signedIn, user: result.user };
    },
  );

  // Two-factor sign-in (decision 0122). Its codes are limited per address as sign-in is; the plugin
  // also allows 5 tries per sign-in and locks an account for 15 minutes after 10 wrong codes.
  api.post(
    '/auth/two-factor/sign-in',
    {
      schema: { tags: ['auth'], body: twoFactorSignInRequestSchema, response: { 200: signInResponseSchema } },
      config: perIp(signInLimit),
    },
    async (request, reply) => {
      const result = await completeTwoFactorSignIn(
        deps,
        config.authSecret,
        request.body,
        toWebHeaders(request),
        linkOrigin(request, config),
      );
      forwardCookies(reply, result.headers);
      return { message: AUTH_MESSAGES.signedIn, user: result.user };
    },
  );

  // The emailed link after too many failed sign-ins (decision 0124).
  api.post(
    '/auth/sign-in/continue',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: messageResponseSchema },
      },
      config: perIp(mailLimit),
    },
    async (request) => {
      await useSignInLink(deps, request.body.token);
      return { message: PROTECTION_MESSAGES.unlocked };
    },
  );

  const signedIn = requireSignedIn(auth);
  const userOf = (request: FastifyRequest) => {
    if (!request.sessionUser) throw new Error('requireSignedIn did not run');
    return request.sessionUser;
  };

  // The user's signed-in devices (decision 0123).
  api.get(
    '/auth/sessions',
    { schema: { tags: ['auth'], response: { 200: accountSessionsSchema } }, onRequest: signedIn },
    async (request) => ({ sessions: await listDevices(deps.db, userOf(request), request.sessionId) }),
  );

  api.post(
    '/auth/sessions/:sessionId/sign-out',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ sessionId: z.string().max(100) }),
        response: { 200: messageResponseSchema },
      },
      onRequest: signedIn,
    },
    async (request) => {
      await signOutDevice(deps.db, userOf(request), request.params.sessionId);
      return { message: SESSION_MESSAGES.signedOut };
    },
  );

  api.post(
    '/auth/sessions/sign-out-others',
    { schema: { tags: ['auth'], response: { 200: messageResponseSchema } }, onRequest: signedIn },
    async (request) => {
      await signOutOtherDevices(deps.db, userOf(request), request.sessionId);
      return { message: SESSION_MESSAGES.othersSignedOut };
    },
  );

  api.get(
    '/auth/two-factor',
    { schema: { tags: ['auth'], response: { 200: twoFactorStatusSchema } }, onRequest: signedIn },
    async (request) => twoFactorStatus(deps.db, userOf(request)),
  );

  api.post(
    '/auth/two-factor/enable',
    {
      schema: {
        tags: ['auth'],
        body: twoFactorPasswordRequestSchema,
        response: { 200: twoFactorSetupSchema },
      },
      config: perIp(signInLimit),
      onRequest: signedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTwoFactorSetup(auth, toWebHeaders(request), request.body.password);
    },
  );

  api.post(
    '/auth/two-factor/confirm',
    {
      schema: { tags: ['auth'], body: twoFactorCodeRequestSchema, response: { 200: messageResponseSchema } },
      config: perIp(signInLimit),
      onRequest: signedIn,
    },
    async (request, reply) => {
      forwardCookies(
        reply,
        await confirmTwoFactor(deps.db, auth, userOf(request), toWebHeaders(request), request.body.code),
      );
      return { message: TWO_FACTOR_MESSAGES.turnedOn };
    },
  );

  api.post(
    '/auth/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        body: twoFactorDisableRequestSchema,
        response: { 200: messageResponseSchema },
      },
      config: perIp(signInLimit),
      onRequest: signedIn,
    },
    async (request, reply) => {
      forwardCookies(
        reply,
        await disableTwoFactor(deps.db, auth, userOf(request), toWebHeaders(request), request.body),
      );
      return { message: TWO_FACTOR_MESSAGES.turnedOff };
    },
  );

  api.post(
    '/auth/two-factor/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        body: twoFactorPasswordRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
      config: perIp(signInLimit),
      onRequest: signedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await renewRecoveryCodes(
        deps.db,
        auth,
        userOf(request),
        toWebHeaders(request),
        request.body.password,
      );
      return { message: TWO_FACTOR_MESSAGES.newRecoveryCodes, recoveryCodes };
    },
  );

  api.post(
    '/auth/sign-out',
    { schema: { tags: ['auth'], response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      forwardCookies(reply, await signOut(auth, toWebHeaders(request)));
      return { message: AUTH_MESSAGES.signedOut };
    },
  );

  api.get(
    '/auth/session',
    { schema: { tags: ['auth'], response: { 200: sessionResponseSchema } } },
    async (request, reply) => ({ user: await loadSessionUser(auth, request, reply) }),
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: messageResponseSchema } },
      config: perIp(mailLimit),
      preHandler: perAccount('forgot-password', 5, emailOf),
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, linkOrigin(request, config));
      return { message: AUTH_MESSAGES.resetSent };
    },
  );

  api.get(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        querystring: resetTokenQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await checkResetToken(auth, request.query.token, request.query.userId);
      return { message: 'Set new password' };
    },
  );

  api.post(
    '/auth/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: perIp(mailLimit),
    },
    async (request) => {
      await resetPassword(auth, request.body);
      return { message: AUTH_MESSAGES.passwordUpdated };
    },
  );

  api.post(
    '/auth/change-password',
    {
      schema: { tags: ['auth'], body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: perIp(signInLimit),
      onRequest: requireSignedIn(auth),
    },
    async (request, reply) => {
      forwardCookies(reply, await changePassword(deps, userOf(request), request.body, toWebHeaders(request)));
      return { message: AUTH_MESSAGES.passwordUpdated };
    },
  );
}
