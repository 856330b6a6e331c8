/**
 * The server's configuration, read from the environment once at start and validated with zod.
 * A bad value stops the server with a list of every bad key. `.env.example` documents every
 * setting, and a `.env` file in the working directory is read first when there is one (loadEnvFile). With no configuration at all the app runs locally: embedded database in
 * DATA_DIR, sandbox gateway, dev outbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_REQUESTS: z.enum(['true', 'false']).default('false'),
    LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['pretty', 'json']).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url()
        .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .url()
        .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('ClinicPay <no-reply@clinicpay.local>'),
    TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().startsWith('AC').optional()),
    TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    /** An E.164 number or an alphanumeric sender ID, e.g. '+447700900000' or 'ClinicPay'. */
    TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    JOB_EXPIRE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).optional()),
    JOB_RETRY_DELAY_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(3600).optional(),
    ),
    SUPPORT_EMAIL: z.email().default('support@clinicpay.local'),
    SUPPORT_PHONE: z.string().min(5).default('020 7946 0000'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
    SIGN_UP_ANSWER_MS: z.coerce.number().int().min(0).max(5000).default(400),
    PAYMENT_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(100),
    STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('pk_').optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_').optional()),
    STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_').optional()),
    SANDBOX_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().startsWith('whsec_').min(32, 'must be at least 32 characters').optional(),
    ),
    SANDBOX_VERIFICATION_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name, e.g. cliniclogo')
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('eu-west-2')),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    S3_PUBLIC_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (the dev outbox is off)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (it signs session cookies)',
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of [
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_CONNECT_WEBHOOK_SECRET',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with STRIPE_SECRET_KEY' });
      }
    } else if (env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required in production (the sandbox takes no real payments)',
      });
    }
    const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    if (twilioKeys.some((key) => env[key])) {
      for (const key of twilioKeys) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required to send texts with Twilio' });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      const other = env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${other}` });
    }
    if (!env.S3_BUCKET) {
      for (const key of [
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PUBLIC_URL',
      ] as const) {
        if (env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is only used with S3_BUCKET' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (links in emails point to it)',
      });
    }
  });

/** The validated configuration the rest of the server reads. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Origin used in emailed links, e.g. 'https://pay.example.com'. Defaults to http://localhost:PORT. */
  publicUrl: string;
  /**
   * True when PUBLIC_URL is set: links always use it. Unset, links follow the browser's address when
   * it is a loopback one (http/link-origin.ts).
   */
  publicUrlConfigured: boolean;
  logLevel: string;
  /**
   * Log a line when each request arrives and when it is answered (Fastify's request logging). Off by
   * default: it cost a tenth of a request's CPU (decision 0074); failures are logged either way.
   */
  logRequests: boolean;
  /**
   * 'pretty': a readable line per log entry (pino-pretty), for a person at a terminal; 'json': pino's
   * JSON lines, for log collectors. LOG_FORMAT, or by default 'pretty' outside production when
   * standard output is a terminal, 'json' otherwise (docs/decisions/0099-a-clean-first-run.md).
   */
  logFormat: 'pretty' | 'json';
  dataDir: string;
  /** Postgres server URL; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Texts go through Twilio when set; otherwise to the dev outbox (outside production) or nowhere. */
  twilio?: { accountSid: string; authToken: string; from: string };
  /**
   * The job queue's timings (seconds). expireInSeconds and retryDelaySeconds, when set, override every
   * job type's own expiry and first retry delay.
   */
  jobs: {
    pollingIntervalSeconds: number;
    maintenanceIntervalSeconds: number;
    expireInSeconds?: number;
    retryDelaySeconds?: number;
  };
  supportEmail: string;
  /** Shown on the contact page's phone card. */
  supportPhone: string;
  trustProxy: boolean;
  apiRateLimitPerMinute: number;
  /** Signs session cookies; outside production a fixed development secret is used when unset. */
  authSecret: string;
  /** Sign-in attempts per minute per IP; sign-up, reset and resend get a quarter of it. */
  authRateLimitPerMinute: number;
  /**
   * Sign-up answers no sooner than this many milliseconds after the request arrives, whether or not the
   * address had an account, so its timing does not tell (decision 0124).
   */
  signUpAnswerMs: number;
  /** Payment requests (each an email and maybe a text) one clinic may send in an hour. */
  paymentRequestsPerHour: number;
  /** Stripe when its keys are set; otherwise the offline sandbox (never in production). */
  gateway:
    | {
        kind: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        connectWebhookSecret: string;
      }
    | {
        kind: 'sandbox';
        /**
         * What the sandbox signs its events with; unset, each installation makes its own and keeps it
         * in the database (gateway/sandbox/webhook-secret.ts).
         */
        webhookSecret: string | undefined;
        /** Seconds the sandbox takes to verify a clinic's submitted details, as Stripe takes a moment. */
        verificationSeconds: number;
      };
  /** Uploaded files (clinic logos) go to this S3-compatible bucket when set; otherwise under dataDir. */
  s3?: S3StorageConfig;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...). Credentials unset: the SDK's default chain. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** A non-AWS endpoint, e.g. 'http://minio:9000'; path-style addressing is used with it. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where browsers load objects from, e.g. 'https://cdn.example.com/cliniclogo'; without it the app serves them. */
  publicUrl: string | undefined;
}

const DEVELOPMENT_AUTH_SECRET = 'clinicpay-development-secret-never-used-in-production';

/** Thrown by loadConfig with one line per bad key, e.g. 'PORT: Too big: expected number to be <=65535'. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads `file` (default `.env` in the working directory), when it exists, into process.env with
 * Node's own parser (process.loadEnvFile): KEY=value lines, `#` comments, quoted values. A variable
 * already set in the real environment keeps its value. Call it before loadConfig. Returns the file's
 * absolute path when one was read, else undefined; throws ConfigError when it exists but cannot be read.
 */
export function loadEnvFile(file = '.env'): string | undefined {
  const absolute = path.resolve(file);
  if (!fs.existsSync(absolute)) return undefined;
  try {
    process.loadEnvFile(absolute);
  } catch (error) {
    throw new ConfigError([`${absolute}: could not be read (${(error as Error).message})`]);
  }
  return absolute;
}

/**
 * Validates the environment; throws ConfigError listing every bad key. `terminal` (whether standard
 * output is a terminal) picks the log format when LOG_FORMAT is unset.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    host: values.HOST,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    publicUrlConfigured: values.PUBLIC_URL !== undefined,
    logLevel: values.LOG_LEVEL,
    logRequests: values.LOG_REQUESTS === 'true',
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV !== 'production' && terminal ? 'pretty' : 'json'),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    twilio:
      values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
        ? {
            accountSid: values.TWILIO_ACCOUNT_SID,
            authToken: values.TWILIO_AUTH_TOKEN,
            from: values.TWILIO_FROM,
          }
        : undefined,
    jobs: {
      pollingIntervalSeconds: values.JOB_POLLING_INTERVAL_SECONDS,
      maintenanceIntervalSeconds: values.JOB_MAINTENANCE_INTERVAL_SECONDS,
      expireInSeconds: values.JOB_EXPIRE_SECONDS,
      retryDelaySeconds: values.JOB_RETRY_DELAY_SECONDS,
    },
    supportEmail: values.SUPPORT_EMAIL,
    supportPhone: values.SUPPORT_PHONE,
    trustProxy: values.TRUST_PROXY === 'true',
    apiRateLimitPerMinute: values.API_RATE_LIMIT_PER_MINUTE,
    authSecret: values.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    signUpAnswerMs: values.SIGN_UP_ANSWER_MS,
    paymentRequestsPerHour: values.PAYMENT_REQUESTS_PER_HOUR,
    gateway: values.STRIPE_SECRET_KEY
      ? {
          kind: 'stripe',
          secretKey: values.STRIPE_SECRET_KEY,
          publishableKey: values.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? '',
          connectWebhookSecret: values.STRIPE_CONNECT_WEBHOOK_SECRET ?? '',
        }
      : {
          kind: 'sandbox',
          webhookSecret: values.SANDBOX_WEBHOOK_SECRET,
          verificationSeconds: values.SANDBOX_VERIFICATION_SECONDS,
        },
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          publicUrl: values.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : undefined,
  };
}
