/**
 * Patients (docs/decisions/0089-patients.md): a clinic's own record of each person it has sent a
 * payment request to or taken a payment from, keyed by email address within the clinic and never
 * shared between clinics. Requests and payments add or refresh the record in their own transaction;
 * the Patients page lists and searches them, and a patient's page shows their payments and requests.
 */
import {
  PATIENT_HISTORY_LIMIT,
  PATIENT_MESSAGES,
  PATIENT_PAGE_SIZE,
  PATIENT_SEARCH_COUNT_LIMIT,
  type PatientDetail,
  type PatientList,
  type PatientListQuery,
  type PatientSummary,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { requestState } from '../links/index.js';
import {
  findPatient,
  insertPatientUnlessKnown,
  listPatientRows,
  type PatientSummaryRow,
  patientPayments,
  patientRequests,
  upsertPatient,
} from './queries.js';

/** The patient's key within a clinic: the email address, trimmed and lower-cased. */
export function patientEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Files a request or payment under the clinic's patient with this email address, adding the patient
 * when new, inside the caller's transaction. Only the clinic's own word (`source` 'clinic': a payment
 * request it sends) refreshes an existing patient's name and phone; what a payer types at checkout
 * ('payer') never changes a record, since anyone with the link may pay under any address. Resolves
 * to the patient's id, or null when there is no email address to know them by.
 */
export async function recordPatient(
  tx: Db | Tx,
  clinicId: string,
  patient: { name: string; email: string; phone: string | null },
  source: 'clinic' | 'payer',
): Promise<string | null> {
  const email = patientEmailKey(patient.email);
  if (!email) return null;
  const values = { clinicId, name: patient.name.trim() || email, email, phone: patient.phone || null };
  return source === 'clinic' ? upsertPatient(tx, values) : insertPatientUnlessKnown(tx, values);
}

/** The latest of some dates; a subquery's timestamp may come as text from raw SQL on some drivers. */
function latest(...dates: (Date | string | null)[]): Date {
  return new Date(Math.max(...dates.map((date) => (date === null ? 0 : new Date(date).getTime()))));
}

function toSummary(row: NonNullable<PatientSummaryRow>): PatientSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    paymentCount: row.paymentCount,
    totalPaid: row.totalPaid,
    lastActivityAt: latest(row.createdAt, row.lastPaidAt, row.lastSentAt).toISOString(),
  };
}

/**
 * A page of the clinic's patients, by name, searched by name, email or phone (ignoring case). A search
 * counts its matches up to PATIENT_SEARCH_COUNT_LIMIT, and says when there are more.
 */
export async function listPatients(db: Db, clinicId: string, query: PatientListQuery): Promise<PatientList> {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const { rows, total } = await listPatientRows(
    db,
    { clinicId, search, countLimit: PATIENT_SEARCH_COUNT_LIMIT + 1 },
    { limit: PATIENT_PAGE_SIZE, offset: (query.page - 1) * PATIENT_PAGE_SIZE },
  );
  const moreMatches = search !== undefined && total > PATIENT_SEARCH_COUNT_LIMIT;
  return {
    items: rows.map(toSummary),
    page: query.page,
    pageSize: PATIENT_PAGE_SIZE,
    total: moreMatches ? PATIENT_SEARCH_COUNT_LIMIT : total,
    moreMatches,
  };
}

/**
 * The clinic's patient with their payments and requests, newest first (PATIENT_HISTORY_LIMIT of
 * each), each request with where it stands at `now`. Throws AppError PATIENT_NOT_FOUND (404) for an unknown or malformed id, or another clinic's
 * patient.
 */
export async function getPatient(
  db: Db,
  clinicId: string,
  patientId: string,
  now: Date = new Date(),
): Promise<PatientDetail> {
  const patient = isUuid(patientId) ? await findPatient(db, clinicId, patientId) : undefined;
  if (!patient) throw new AppError('PATIENT_NOT_FOUND', PATIENT_MESSAGES.notFound);
  const [paymentRows, requestRows] = await Promise.all([
    patientPayments(db, patient.id, PATIENT_HISTORY_LIMIT),
    patientRequests(db, patient.id, PATIENT_HISTORY_LIMIT),
  ]);
  return {
    patient: { ...toSummary(patient), createdAt: patient.createdAt.toISOString() },
    payments: paymentRows.map((payment) => ({ ...payment, paidAt: payment.paidAt.toISOString() })),
    requests: requestRows.map(({ status, cancelledAt, expiresAt, ...request }) => ({
      ...request,
      sentAt: request.sentAt.toISOString(),
      paidAt: request.paidAt?.toISOString() ?? null,
      state: requestState({ status, cancelledAt, expiresAt }, now),
    })),
  };
}

/** The patient's name, email and phone, or undefined for an unknown id or another clinic's patient. */
export async function findPatientContact(db: Db, clinicId: string, patientId: string) {
  const patient = isUuid(patientId) ? await findPatient(db, clinicId, patientId) : undefined;
  return patient
    ? { id: patient.id, name: patient.name, email: patient.email, phone: patient.phone }
    : undefined;
}
