/**
 * Users and what the auth library keeps (decision 0028: better-auth with its Drizzle adapter). The
 * column set follows better-auth's core schema (user, session, account, verification) so the adapter
 * maps onto these tables; role and clinic_id are ClinicPay's additional user fields
 * (docs/product.md#record-users).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';
import { clinicRole, userRole } from './enums.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    /** Stored lower-cased so one address has one account. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: userRole('role').notNull().default('clinic'),
    clinicId: uuid('clinic_id').references(() => clinics.id, { onDelete: 'restrict' }),
    /** Owner, manager or reception in clinic_id's team (decision 0121); null without a clinic. */
    clinicRole: clinicRole('clinic_role'),
    /** better-auth's two-factor plugin: set once a TOTP app is confirmed (decision 0122). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The user must sign in with two factors: every admin, and each member of a clinic that requires
     * it (set with the clinic's setting, in the same transaction; decision 0122).
     */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('users_clinic_id_idx').on(table.clinicId),
    // A clinic has at most one owner (decision 0121).
    uniqueIndex('users_one_owner_per_clinic').on(table.clinicId).where(sql`${table.clinicRole} = 'owner'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Credentials: for email + password sign-in, providerId 'credential' and the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Single-use email verification and password reset tokens, kept hashed with an expiry. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * A user's TOTP secret (encrypted by better-auth) and recovery codes (kept as HMACs, decision 0122),
 * with the plugin's count of failed codes and lock: better-auth's two-factor schema
 * (https://better-auth.com/docs/plugins/2fa#schema).
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    index('two_factors_user_id_idx').on(table.userId),
    index('two_factors_secret_idx').on(table.secret),
  ],
);

/**
 * An invitation to join a clinic's team (decision 0121): the token's SHA-256 only, single use
 * (accepted_at), withdrawn by the owner (revoked_at) or by a newer invitation to the same address.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: clinicRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_invitations_clinic_id_idx').on(table.clinicId, table.createdAt)],
);
