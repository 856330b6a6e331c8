/** Payment requests sent to patients by email and SMS (spec §2 Send Payment Link, §4). */
export { requestRoutes } from './routes.js';
