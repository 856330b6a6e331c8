/**
 * How a clinic is named and reached on patient-facing pages and in notifications
 * (docs/product.md#record-clinic, docs/product.md#constants).
 */
import type { ClinicRow } from './queries.js';

/** Address lines, city and postcode on one line, or null when none is set. */
export function clinicAddress(clinic: ClinicRow): string | null {
  const parts = [clinic.addressLine1, clinic.addressLine2, clinic.city, clinic.postcode].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/**
 * The clinic part of the notification payload (docs/product.md#notification-payload); the name falls
 * back as docs/product.md#constants says.
 */
export function clinicForNotification(clinic: ClinicRow) {
  return {
    name: clinic.clinicName ?? 'Your healthcare provider',
    email: clinic.email,
    phone: clinic.phone,
    address: clinicAddress(clinic) ?? '',
  };
}
