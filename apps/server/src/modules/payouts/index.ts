/**
 * Payouts and balance (docs/decisions/0087-payout-reconciliation.md): the clinic's balance, payouts and
 * each payout's lines read from its connected account, the Xero and QuickBooks exports, the Express
 * dashboard link, and the provider's payout.paid and payout.failed events. Other modules import
 * payouts only through this file.
 */
export { onPayoutEvent } from './events.js';
export { payoutRoutes } from './routes.js';
