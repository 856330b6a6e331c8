/** Deposits with the balance later (docs/decisions/0094-deposits-and-balances.md). */

export { balanceRoutes } from './routes.js';
export { balanceOf, claimBalance, paymentBalance, refuseWhileBalancePaymentOnItsWay } from './service.js';
