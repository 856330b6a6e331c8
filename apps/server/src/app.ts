/**
 * Builds the Fastify application: external plugins (helmet, rate limit, OpenAPI), then ClinicPay's
 * own routes, one plugin per domain. main.ts runs it; tests build it and call it with `inject`.
 */
import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createGateway, isSandbox } from './gateway/index.js';
import { sandboxApiRoutes } from './gateway/sandbox/api-routes.js';
import type { EventTransport } from './gateway/sandbox/events.js';
import { sandboxPageRoutes } from './gateway/sandbox/page-routes.js';
import { errorHandler } from './http/error-handler.js';
import { originCheck } from './http/origin-check.js';
import { apiWideRateLimit, rateLimited } from './http/rate-limit.js';
import { sharedRateLimitStore } from './http/rate-limit-store.js';
import { refuseNul } from './http/refuse-nul.js';
import { registerRequestContext } from './http/request-context.js';
import { lazyChildLoggerFactory, RequestLogging } from './http/request-logging.js';
import { helmetOptions, logoImageOrigins, registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { createJobQueue } from './jobs/index.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createSmsSender } from './mail/sms.js';
import { createWebhookSender } from './mail/webhook-sender.js';
import { adminRoutes } from './modules/admin/index.js';
import {
  authRoutes,
  carriesSessionCookie,
  createAuth,
  registerAuthJobs,
  resetLinkState,
} from './modules/auth/index.js';
import { balanceRoutes } from './modules/balances/index.js';
import { checkoutRoutes } from './modules/checkout/index.js';
import { clinicRoutes } from './modules/clinics/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { devOutboxRoutes } from './modules/dev-outbox/index.js';
import { adminDisputeRoutes, disputeRoutes, registerDisputeJobs } from './modules/disputes/index.js';
import { healthRoutes } from './modules/health/index.js';
import { linkRoutes } from './modules/links/index.js';
import { logoRoutes } from './modules/logos/index.js';
import {
  notificationRoutes,
  registerNotificationJobs,
  textStatusRoutes,
} from './modules/notifications/index.js';
import { patientRoutes } from './modules/patients/index.js';
import { paymentProviderRoutes } from './modules/payment-provider/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { payoutRoutes } from './modules/payouts/index.js';
import { getWebhookSigningSecret, platformSettingsRoutes } from './modules/platform-settings/index.js';
import { policyRoutes, publicTermsRoutes } from './modules/policies/index.js';
import { refundRoutes, registerRefundJobs } from './modules/refunds/index.js';
import {
  devReminderRoutes,
  publicRequestRoutes,
  registerRequestJobs,
  requestRoutes,
} from './modules/requests/index.js';
import {
  registerSavedCardJobs,
  savedCardPublicRoutes,
  savedCardRoutes,
} from './modules/saved-cards/index.js';
import { adminStatementRoutes, statementRoutes } from './modules/statements/index.js';
import { checkInvitation, teamInvitationRoutes, teamRoutes } from './modules/team/index.js';
import { webhookRoutes } from './modules/webhooks/index.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to the mailer chosen by configuration (SMTP or dev outbox). */
  mailer?: Mailer;
  /** The built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  /**
   * Run the job queue's workers in this process (main.ts does). Without them jobs wait in the
   * database for another process, or for `app.jobs.drain()` in tests.
   */
  workers?: boolean;
  /** Where log lines go instead of standard output as JSON (main.ts: pino-pretty at a terminal). */
  logStream?: { write(line: string): void };
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    // A line per request, written synchronously, was a tenth of a request's CPU (decision 0074): off unless
    // LOG_REQUESTS is set. Failures are still logged by the error handler (5xx at error, 4xx at info).
    logController: new RequestLogging(config.logRequests),
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A URL the router cannot read goes through the one error handler too, not Fastify's own answer.
    // It is answered before routing, so no hook runs: the headers every answer carries are set here.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id).header('cache-control', 'no-store');
      errorHandler(error, request, reply);
    },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = options.mailer ?? createMailer(config, database.db);
  app.decorate('mailer', mailer);
  const jobs = createJobQueue({
    database,
    work: options.workers ?? false,
    onError: (error, context) => app.log.error({ err: error, ...context }, 'job attempt failed'),
    ...config.jobs,
  });
  app.decorate('jobs', jobs);
  registerNotificationJobs(jobs, {
    db: database.db,
    mailer,
    sms: createSmsSender(config, database.db),
    webhooks: createWebhookSender({ requirePublicHttps: config.isProduction }),
    webhookSecret: () => getWebhookSigningSecret(database.db),
    publicUrl: config.publicUrl,
    onRefused: (error) => app.log.error({ err: error }, 'the mail server refused an email for good'),
  });
  app.decorate(
    'auth',
    createAuth({
      db: database.db,
      config,
      jobs,
      // Its extra arguments (often the error) go with the line; an error through pino's serializer.
      log: (level, message, details) => {
        const [first] = details;
        const context = first instanceof Error ? { err: first } : details.length > 0 ? { details } : {};
        app.log[level]({ source: 'better-auth', ...context }, message);
      },
    }),
  );
  app.decorateRequest('sessionUser', null);

  // The sandbox hands its signed webhook events to this app through the full HTTP pipeline.
  let sandboxTransport: EventTransport | undefined;
  const gateway = await createGateway({
    config,
    db: database.db,
    sandboxTransport: () => sandboxTransport,
    jobs,
  });
  app.decorate('gateway', gateway);
  registerRequestJobs(jobs, { db: database.db, jobs, publicUrl: config.publicUrl });
  registerAuthJobs(jobs, {
    db: database.db,
    auth: app.auth,
    jobs,
    config,
    onMailError: (error) => app.log.error({ err: error }, 'account email could not be queued'),
  });
  registerRefundJobs(jobs, {
    db: database.db,
    gateway,
    jobs,
    onError: (error) => app.log.error({ err: error }, 'stale refund sweep failed'),
  });
  registerSavedCardJobs(jobs, {
    db: database.db,
    gateway,
    publicUrl: config.publicUrl,
    onError: (error) => app.log.error({ err: error }, 'stale card charge sweep failed'),
  });
  registerDisputeJobs(jobs, {
    db: database.db,
    gateway,
    jobs,
    publicUrl: config.publicUrl,
    onError: (error) => app.log.error({ err: error }, 'dispute job: refund outcome unknown'),
  });
  if (isSandbox(gateway)) {
    app.addHook('onReady', async () => {
      sandboxTransport = async (url, payload, signature) =>
        (
          await app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          })
        ).statusCode;
    });
  }
  // After the sandbox's transport is set, so its first events find the app ready.
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // JSON bodies only: a cross-site HTML form cannot send one (decision 0005).
  app.removeContentTypeParser('text/plain');
  // Set when the request arrives, so that error answers and 404s carry them too; one synchronous hook
  // rather than an async onSend (docs/benchmarks.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // API answers hold account and payment data: no browser or proxy may keep them, 404s included
    // (decision 0068). A route that means to be cached (the public logo) sets its own header over this one.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onClose', () => database.close());
  app.addHook('preValidation', refuseNul);
  await registerRequestContext(app);

  await registerSecurityHeaders(app, helmetOptions(config.gateway.kind, logoImageOrigins(config.s3)));
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'ClinicPay API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      // Every limit, the API-wide one and each route's, counts in the database all processes share.
      const store = sharedRateLimitStore({
        db: database.db,
        onSweepError: (error) => app.log.error({ err: error }, 'expired rate limits could not be deleted'),
      });
      await api.register(fastifyRateLimit, {
        // The API-wide limit is our own synchronous hook over the same store (decision 0140); the
        // plugin keeps each route's own limit and createRateLimit's.
        global: false,
        max: config.apiRateLimitPerMinute,
        timeWindow: '1 minute',
        store,
        errorResponseBuilder: () => rateLimited(),
      });
      apiWideRateLimit(api, {
        max: config.apiRateLimitPerMinute,
        timeWindowMs: 60_000,
        count: store.countApiRequest,
      });
      api.addHook('onRequest', originCheck(config.publicUrl));
      await api.register(platformSettingsRoutes);
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(clinicRoutes);
      await api.register(paymentProviderRoutes);
      await api.register(linkRoutes);
      await api.register(checkoutRoutes);
      await api.register(paymentRoutes);
      await api.register(refundRoutes);
      await api.register(balanceRoutes);
      await api.register(payoutRoutes);
      await api.register(disputeRoutes);
      await api.register(adminDisputeRoutes);
      await api.register(statementRoutes);
      await api.register(adminStatementRoutes);
      await api.register(logoRoutes);
      await api.register(requestRoutes);
      await api.register(publicRequestRoutes);
      await api.register(patientRoutes);
      await api.register(savedCardRoutes);
      await api.register(savedCardPublicRoutes);
      await api.register(policyRoutes);
      await api.register(publicTermsRoutes);
      await api.register(teamRoutes);
      await api.register(teamInvitationRoutes);
      await api.register(webhookRoutes);
      await api.register(adminRoutes);
      await api.register(notificationRoutes);
      await api.register(textStatusRoutes);
      if (isSandbox(gateway)) await api.register(sandboxApiRoutes, { gateway });
    },
    { prefix: '/api' },
  );
  if (!config.isProduction) {
    await app.register(devOutboxRoutes);
    await app.register(devReminderRoutes);
  }
  if (isSandbox(gateway)) await app.register(sandboxPageRoutes, { gateway });

  await registerWebApp(app, options.webDistDir, {
    signedOut: (request) => !carriesSessionCookie(request.headers.cookie),
    resetLinkState: (token, userId) => resetLinkState(app.auth, token, userId),
    checkInvitation: (token) => checkInvitation(app.database.db, token),
  });
  return app;
}
