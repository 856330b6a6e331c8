/** Payment requests sent to patients by email and SMS (spec §2 Send Payment Link, §4). */

export { lockPaymentRequest, markRequestPaid } from './queries.js';
export { requestRoutes } from './routes.js';
export { type SendRequestDeps, storeRequest } from './service.js';
