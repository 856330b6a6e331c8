/** Postgres enums for the values docs/product.md#records and docs/product.md#states fix. */
import { CLINIC_ROLES, PAYMENT_DISPUTE_STATUSES, PAYMENT_TYPES, PROVIDER_STATUSES } from '@clinicpay/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['clinic', 'admin']);

/** A clinic user's role in their clinic (decision 0121); null for admins and users in no clinic. */
export const clinicRole = pgEnum('clinic_role', CLINIC_ROLES);

/**
 * null in clinics.stripe_status counts as not_connected (decision 0080). The former 'suspended' became
 * 'restricted', beside verifying, action_needed and rejected (decision 0080).
 */
export const providerStatus = pgEnum('provider_status', PROVIDER_STATUSES);

/**
 * A link's, request's or payment's type. Links take the first four (LINK_TYPES); the last three are
 * the payments ClinicPay makes after an appointment (docs/decisions/0094-deposits-and-balances.md).
 */
export const linkType = pgEnum('link_type', PAYMENT_TYPES);

/** A payment row exists only once money moved; an unpaid request is 'sent' on payment_requests. */
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'partially_refunded', 'refunded']);

/** A payment's latest dispute as shown beside its refund status (docs/decisions/0086-disputes.md). */
export const paymentDisputeStatus = pgEnum('payment_dispute_status', PAYMENT_DISPUTE_STATUSES);

export const requestStatus = pgEnum('request_status', ['sent', 'paid']);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

export const notificationStatus = pgEnum('notification_status', ['pending', 'sent', 'failed']);

export const notificationChannel = pgEnum('notification_channel', ['email', 'sms', 'webhook']);

export const recipientType = pgEnum('recipient_type', ['patient', 'clinic']);
