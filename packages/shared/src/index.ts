/**
 * @clinicpay/shared: what the server and the web app must agree on. Every request and response
 * schema is written once here and used by the route, the API client and the form (docs/ARCHITECTURE.md).
 */
export * from './admin.js';
export * from './admin-console.js';
export * from './api-error.js';
export * from './auth.js';
export * from './balances.js';
export * from './card-fees.js';
export * from './checkout-refusals.js';
export * from './clinic-logo.js';
export * from './clinic-profile.js';
export * from './clinic-reference.js';
export * from './contact.js';
export * from './disputes.js';
export * from './fees.js';
export * from './figures.js';
export * from './mini/checkout.js';
export * from './mini/checkout-body.js';
export * from './mini/email-field.js';
export * from './mini/fields.js';
export * from './mini/phone-field.js';
export * from './mini/provider-account.js';
export * from './mini/sandbox.js';
export * from './money.js';
export * from './notifications.js';
export * from './patients.js';
export * from './payment-constants.js';
export * from './payment-history.js';
export * from './payment-links.js';
export * from './payment-requests.js';
export * from './payment-terms.js';
export * from './payments.js';
export * from './payouts.js';
export * from './phone.js';
export * from './platform-fee.js';
export * from './policies.js';
export * from './policy-labels.js';
export * from './product.js';
export * from './refunds.js';
export * from './saved-cards.js';
export * from './statements.js';
export * from './team.js';
export * from './two-factor.js';
