/**
 * Patients (docs/decisions/0089-patients.md): the clinic's own record of each person it asks for or
 * takes payment from. Requests and payments call recordPatient in their transaction. Other modules
 * import patients only through this file.
 */
export { patientRoutes } from './routes.js';
export { findPatientContact, recordPatient } from './service.js';
