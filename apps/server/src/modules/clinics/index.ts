/** Clinics: the profile, notification settings and the card-provider connection (spec §2 Settings). */
export { clinicAddress, clinicForNotification } from './contact-details.js';
export { type ClinicRow, findClinic } from './queries.js';
export { clinicRoutes } from './routes.js';
