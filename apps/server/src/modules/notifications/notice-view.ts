/**
 * What a notice says, before it is laid out: its content (NoticeContent), and the display strings every
 * notice draws on (viewOf: fallbacks applied, pence formatted, dates in en-GB, Europe/London time).
 * render.ts lays the view out as an SMS, and email-element.ts as an email's React element; both import
 * it from here, so neither imports the other.
 */
import {
  CLINIC_TIME_ZONE,
  CONSENT_LABELS,
  type ConsentKind,
  cardBrandLabel,
  formatPence,
} from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { LayoutClinic } from '../../mail/templates/layout.js';
import type { NotificationType } from './payload.js';

export interface NoticeContent {
  type: NotificationType;
  recipient: 'patient' | 'clinic';
  clinic: {
    name: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
    logoUrl: string | null;
  };
  patient: { name: string; email: string; phone: string | null };
  /** pence: the amount asked for (request) or paid (receipt, clinic notice), or the payment's amount for a refund notice */
  amount: number;
  /** pence refunded by this refund (refund notice only), else null */
  refundAmount: number | null;
  /** payment reference (e.g. 'CP-...'), null for a request */
  reference: string | null;
  /** what it is for: the link's or request's title, or for a custom request its message or 'Payment request' */
  description: string;
  /** the clinic's own message on the request, shown beside what it is for; null without one */
  message?: string | null;
  /** the clinic's reference of the request or payment (docs/decisions/0108-clinic-reference.md); null without one */
  clinicReference?: string | null;
  /** the patient's payment page (request) or null */
  paymentUrl: string | null;
  /** when paid or refunded, null for a request */
  date: Date | null;
  /** the clinic dashboard URL, for the clinic notice */
  dashboardUrl: string | null;
  /** what the patient's card statement shows for the clinic's charges, e.g. 'CLINICPAY* SMITH DENT' (decision 0082); the receipt names it */
  statementText?: string | null;
  /** Pence left to pay after this deposit (receipt only); null when the payment is the whole price. */
  balanceDue?: number | null;
  /**
   * The clinic's payment terms the payer accepted (receipt only, docs/decisions/0107-payment-terms.md):
   * their version, when, and the page that shows them; null when none were accepted.
   */
  termsAccepted?: { version: number; acceptedAt: Date; url: string } | null;
  /**
   * The card this payment saved and the policies the patient agreed to (receipt, and the card saved
   * notice: docs/decisions/0092-card-consent.md, 0095-secure-your-appointment.md); maximum amounts in pence.
   */
  cardOnFile?: {
    brand: string;
    last4: string;
    consents: Array<{ kind: ConsentKind; text: string; maximumAmount: number; consentedAt: Date }>;
  } | null;
}

/** The clinic name notifications show when the clinic has none (docs/product.md#constants). */
const FALLBACK_CLINIC_NAME = 'Your healthcare provider';
/** The name shown for a patient without one (docs/product.md#constants). */
const FALLBACK_PATIENT_NAME = 'Unknown Patient';

/** Formats an instant as en-GB Europe/London date and time, e.g. '23 November 2026, 17:05'. */
export function formatLondonDateTime(date: Date): string {
  return format(new TZDate(date, CLINIC_TIME_ZONE), 'd MMMM yyyy, HH:mm');
}

/** The display strings every notice draws on: fallbacks applied, pence formatted, dates in London time. */
export function viewOf(content: NoticeContent) {
  // A request without its link or a refund notice without its amount is the caller's bug, not a notice.
  if (
    (content.type === 'payment_request' ||
      content.type === 'payment_reminder' ||
      content.type === 'charge_authentication') &&
    !content.paymentUrl
  ) {
    throw new Error(`A ${content.type} notice needs a paymentUrl`);
  }
  if (content.type === 'refund_confirmation' && content.refundAmount === null) {
    throw new Error('A refund_confirmation notice needs a refundAmount');
  }
  const clinicName = content.clinic.name?.trim() || FALLBACK_CLINIC_NAME;
  const patientName = content.patient.name.trim() || FALLBACK_PATIENT_NAME;
  return {
    clinic: { ...content.clinic, name: clinicName } satisfies LayoutClinic,
    patient: { ...content.patient, name: patientName },
    greeting: content.patient.name.trim() ? `Dear ${patientName},` : 'Hello,',
    amount: formatPence(content.amount),
    refundAmount: formatPence(content.refundAmount ?? 0),
    description: content.description,
    message: content.message ?? null,
    clinicReference: content.clinicReference ?? null,
    reference: content.reference,
    date: content.date ? formatLondonDateTime(content.date) : null,
    paymentUrl: content.paymentUrl ?? '',
    dashboardUrl: content.dashboardUrl,
    statementText: content.statementText ?? null,
    balanceDue: content.balanceDue ? formatPence(content.balanceDue) : null,
    termsAccepted: content.termsAccepted
      ? {
          text: `Version ${content.termsAccepted.version}, accepted on ${formatLondonDateTime(content.termsAccepted.acceptedAt)}`,
          url: content.termsAccepted.url,
        }
      : null,
    cardOnFile: content.cardOnFile?.consents.length
      ? {
          card: `${cardBrandLabel(content.cardOnFile.brand)} card ending ${content.cardOnFile.last4}`,
          consents: content.cardOnFile.consents.map((consent) => ({
            label: CONSENT_LABELS[consent.kind],
            maximum: formatPence(consent.maximumAmount),
            text: consent.text,
            agreedAt: formatLondonDateTime(consent.consentedAt),
          })),
        }
      : null,
  };
}

/** A notice's display strings, as its email template takes them. */
export type NoticeView = ReturnType<typeof viewOf>;
