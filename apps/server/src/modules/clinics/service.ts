/**
 * The signed-in clinic's profile and notification settings (docs/product.md#clinic-settings,
 * docs/product.md#validation).
 * Throws AppError 404 'No clinic associated with this user' when the clinic row is gone.
 */
import {
  CLINIC_MESSAGES,
  type Clinic,
  type ClinicProfileChanges,
  cardStatementText,
  type RequestSettingsChanges,
  statementSuffix,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { type ClinicChanges, type ClinicRow, findClinic, updateClinic } from './queries.js';

/**
 * The API shape of a clinic: a missing provider status counts as not_connected
 * (docs/product.md#record-clinic).
 */
export function toClinic(row: ClinicRow): Clinic {
  return {
    id: row.id,
    clinicName: row.clinicName,
    logoUrl: row.logoUrl,
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    postcode: row.postcode,
    stripeAccountId: row.stripeAccountId,
    stripeStatus: row.stripeStatus ?? 'not_connected',
    requirementsDue: row.providerRequirementsDue,
    requirementsDeadline: row.providerRequirementsDeadline?.toISOString() ?? null,
    paymentsTurnedOff: row.paymentsTurnedOffAt !== null,
    statementName: row.statementName,
    cardStatementText: cardStatementText(statementSuffix(row)),
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    reminderDays: row.reminderDays,
    requestExpiryDays: row.requestExpiryDays,
    closedPageText: row.closedPageText,
    createdAt: row.createdAt.toISOString(),
  };
}

function orNotFound(row: ClinicRow | undefined): Clinic {
  if (!row) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
  return toClinic(row);
}

/** The clinic's row. Throws CLINIC_NOT_FOUND 'No clinic associated with this user' when it is gone. */
export async function getClinicRow(db: Db, clinicId: string): Promise<ClinicRow> {
  const row = await findClinic(db, clinicId);
  if (!row) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
  return row;
}

/** The signed-in clinic in the API shape. Throws CLINIC_NOT_FOUND. */
export async function getClinic(db: Db, clinicId: string): Promise<Clinic> {
  return toClinic(await getClinicRow(db, clinicId));
}

/** Saves the profile fields, already parsed so that empty strings are null (docs/product.md#validation). */
export async function updateClinicProfile(
  db: Db,
  clinicId: string,
  profile: ClinicProfileChanges,
): Promise<Clinic> {
  return orNotFound(await updateClinic(db, clinicId, profile));
}

export async function updateNotificationSettings(
  db: Db,
  clinicId: string,
  changes: Pick<ClinicChanges, 'emailNotifications' | 'smsNotifications'>,
): Promise<Clinic> {
  return orNotFound(await updateClinic(db, clinicId, changes));
}

/**
 * PATCH /api/clinic/request-settings: the reminder days, the days a new request can be paid for and the
 * closed page's message (docs/decisions/0105-request-and-link-lifetimes.md, 0106); what is left out is
 * kept. Throws CLINIC_NOT_FOUND.
 */
export async function updateRequestSettings(
  db: Db,
  clinicId: string,
  changes: RequestSettingsChanges,
): Promise<Clinic> {
  const values: ClinicChanges = {
    ...(changes.reminderDays !== undefined ? { reminderDays: changes.reminderDays } : {}),
    ...(changes.requestExpiryDays !== undefined ? { requestExpiryDays: changes.requestExpiryDays } : {}),
    ...(changes.closedPageText !== undefined ? { closedPageText: changes.closedPageText } : {}),
  };
  return orNotFound(await updateClinic(db, clinicId, values));
}
