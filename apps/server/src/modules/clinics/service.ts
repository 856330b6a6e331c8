/**
 * The signed-in clinic's profile and notification settings (docs/product.md#clinic-settings,
 * docs/product.md#validation).
 * Throws AppError 404 'No clinic associated with this user' when the clinic row is gone.
 */

import { isDeepStrictEqual } from 'node:util';
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
import { isUuid } from '../../http/ids.js';
import { recordAudit } from '../audit/index.js';
import { type ClinicChanges, type ClinicRow, findClinic, lockClinic, updateClinic } from './queries.js';

/** The clinic member acting: their clinic (from the session) and user id, named in the audit entry. */
export interface ClinicActor {
  clinicId: string;
  actorUserId: string;
}

/** The settings changes ClinicPay audits, each with its action. */
type SettingsAction =
  | 'clinic.profile_updated'
  | 'clinic.notifications_updated'
  | 'clinic.request_settings_updated';

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

/**
 * Of `changes` (a field left undefined is kept), the fields whose value differs from `row`'s, as they
 * were and as they are to be; both empty when nothing changes.
 */
function changedFields(row: ClinicRow, changes: ClinicChanges) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const current = row[field as keyof ClinicRow];
    if (value === undefined || isDeepStrictEqual(current, value)) continue;
    before[field] = current;
    after[field] = value;
  }
  return { before, after };
}

/**
 * Saves `changes` to the actor's clinic with its row locked and, when any field's value changes,
 * audits `action` against the clinic (details: `before` and `after` of the changed fields only) in the
 * same transaction; when nothing changes, nothing is written. Resolves to the clinic as saved. Throws
 * CLINIC_NOT_FOUND when the clinic row is gone.
 */
async function saveSettings(
  db: Db,
  actor: ClinicActor,
  action: SettingsAction,
  changes: ClinicChanges,
): Promise<Clinic> {
  const row = await db.transaction(async (tx) => {
    const current = await lockClinic(tx, actor.clinicId);
    if (!current) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
    const { before, after } = changedFields(current, changes);
    if (Object.keys(after).length === 0) return current;
    const updated = await updateClinic(tx, actor.clinicId, after);
    if (!updated) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action,
      entityType: 'clinic',
      entityId: actor.clinicId,
      details: { before, after },
    });
    return updated;
  });
  return toClinic(row);
}

/**
 * Whether `clinicId`, as a provider's metadata gives it (which may hold anything), is the id of one of
 * our clinics: a UUID of a clinic that exists. A provider event about an intent that names none was
 * not made by ClinicPay, and will never have a payment here.
 */
export async function isOurClinic(db: Pick<Db, 'select'>, clinicId: string | undefined): Promise<boolean> {
  return Boolean(clinicId && isUuid(clinicId) && (await findClinic(db, clinicId)));
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

/**
 * PATCH /api/clinic: saves the profile fields, already parsed so that empty strings are null
 * (docs/product.md#validation), by `actor`; audited as `clinic.profile_updated` with the changed fields
 * before and after (none changed: no entry). Throws CLINIC_NOT_FOUND.
 */
export async function updateClinicProfile(
  db: Db,
  actor: ClinicActor,
  profile: ClinicProfileChanges,
): Promise<Clinic> {
  return saveSettings(db, actor, 'clinic.profile_updated', profile);
}

/**
 * PATCH /api/clinic/notifications: turns the clinic's email and SMS notifications on or off (a field
 * left out is kept), by `actor`; audited as `clinic.notifications_updated` with the changed settings
 * before and after (none changed: no entry). Throws CLINIC_NOT_FOUND.
 */
export async function updateNotificationSettings(
  db: Db,
  actor: ClinicActor,
  changes: Pick<ClinicChanges, 'emailNotifications' | 'smsNotifications'>,
): Promise<Clinic> {
  return saveSettings(db, actor, 'clinic.notifications_updated', changes);
}

/**
 * PATCH /api/clinic/request-settings: the reminder days, the days a new request can be paid for and the
 * closed page's message (docs/decisions/0105-request-and-link-lifetimes.md, 0106); what is left out is
 * kept. By `actor`; audited as `clinic.request_settings_updated` with the changed settings before and
 * after (none changed: no entry). Throws CLINIC_NOT_FOUND.
 */
export async function updateRequestSettings(
  db: Db,
  actor: ClinicActor,
  changes: RequestSettingsChanges,
): Promise<Clinic> {
  const values: ClinicChanges = {
    ...(changes.reminderDays !== undefined ? { reminderDays: changes.reminderDays } : {}),
    ...(changes.requestExpiryDays !== undefined ? { requestExpiryDays: changes.requestExpiryDays } : {}),
    ...(changes.closedPageText !== undefined ? { closedPageText: changes.closedPageText } : {}),
  };
  return saveSettings(db, actor, 'clinic.request_settings_updated', values);
}
