/**
 * Clinics: the profile, notification settings and the card-provider connection
 * (docs/product.md#clinic-settings). Other modules read and change clinic rows only through what is
 * exported here.
 */
export { clinicAddress, clinicForNotification } from './contact-details.js';
export {
  accountState,
  closeClinicProviderAccount,
  disconnectClinicProvider,
  restoreClinicPayments,
} from './provider-connection.js';
export {
  type ClinicRow,
  findClinic,
  findClinicAccountEmail,
  findClinicByProviderAccount,
  insertClinic,
  setProviderStatus,
  setRequireTwoFactor,
  setSignInSuspension,
} from './queries.js';
export { clinicRoutes } from './routes.js';
export { getClinicRow, isOurClinic } from './service.js';
