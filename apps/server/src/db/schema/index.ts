/** The whole database schema: one module per area, re-exported for Drizzle and drizzle-kit. */
export * from './auth.js';
export * from './clinics.js';
export * from './disputes.js';
export * from './enums.js';
export * from './patients.js';
export * from './payment-daily-totals.js';
export * from './payments.js';
export * from './payouts.js';
export * from './policies.js';
export * from './provider.js';
export * from './rate-limits.js';
export * from './saved-cards.js';
export * from './settings.js';
