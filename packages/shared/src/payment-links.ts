/**
 * Payment links (docs/product.md#create-payment-link and the dashboard's Payment Links card,
 * docs/product.md#clinic-dashboard; payment_links, docs/product.md#record-payment-link; the create link
 * rules, docs/product.md#validation). Amounts are integer pence.
 */
import { z } from 'zod';
import { isoDateSchema } from './calendar-day.js';
import { clinicReferenceSchema } from './clinic-reference.js';
import { penceField } from './mini/fields.js';
import { formatPence, parsePoundsToPence } from './money.js';

import { LINK_TYPES } from './payment-constants.js';

export const LINK_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  titleRequired: 'Enter a payment title',
  linkTotals: (payments: number, net: string) =>
    `${payments} ${payments === 1 ? 'payment' : 'payments'}, ${net} net`,
  amountRequired: 'Enter the amount in pounds',
  invalidAmount: 'Please enter a valid amount',
  invalidType: 'Please choose a payment type',
  notFound: 'Link not found',
  archived: 'Payment link archived successfully',
  unarchived: 'Payment link unarchived successfully',
  copied: 'Link copied to clipboard',
  paymentLinkCopied: 'Payment link copied to clipboard',
  createFailed: 'Failed to create payment link',
  createError: 'An error occurred while creating the payment link',
  signInToCreate: 'You must be logged in to create payment links',
  signInToManage: 'You must be logged in to manage payment links',
  noActive: 'No payment links created yet.',
  noArchived: 'No archived payment links found.',
  cardOnFileLabel: 'Save the patient’s card under your policies',
  cardOnFileHint:
    'The patient agrees to your cancellation policy and no-show fee, and their card is saved so you can charge them.',
  noPolicyForCardOnFile: 'Set a cancellation policy or a no-show fee in Settings → Policies first',
  treatmentTotalLabel: 'Treatment total (optional)',
  treatmentTotalHint: 'For a deposit: the whole price. The balance is paid later.',
  depositPercentLabel: 'Deposit percent (optional)',
  depositPercentHint: 'Instead of an amount: the deposit as a whole percent of the treatment total.',
  depositBelowTotal: 'The deposit must be at least £0.30 less than the treatment total',
  depositPercentNeedsTotal: 'Enter the treatment total to take a percent of it',
  invalidDepositPercent: 'Enter a whole percent from 1 to 99',
  depositNotPercent: 'The deposit does not match the percent of the treatment total',
  securesAppointmentLabel: 'Secure the appointment only: save the card and take no payment now',
  securesAppointmentHint:
    'The amount is the treatment’s price, paid later. The patient pays nothing now: they save their card under your policies.',
  securesAppointmentNoDeposit: 'A link that only saves a card takes no deposit',
  shareToSecure: 'Share this link with your patients so they can save a card to secure their appointment.',
  securesAppointmentNotRequested:
    'This link only saves a card: share it as a link rather than sending it as a payment request',
  // A link's lifetime (docs/decisions/0105-request-and-link-lifetimes.md); ours.
  expiresOnLabel: 'Last day to pay (optional)',
  expiresOnHint: 'After this day the link takes no payments. Left blank: it does not expire.',
  expiryInPast: 'Choose today or a later date',
  maxPaymentsLabel: 'Most payments (optional)',
  maxPaymentsHint: 'The link closes once it has taken this many payments. Left blank: no limit.',
  invalidMaxPayments: 'Enter a whole number of payments from 1 to 100000',
  expires: (day: string) => `Last day to pay: ${day}`,
  paymentsOf: (payments: number, max: number) => `${payments} of ${max} payments taken`,
} as const;

/** The most payments a link can be limited to (a limit above is no limit worth setting). */
export const MAX_LINK_PAYMENTS = 100_000;

/**
 * The deposit that is `percent` of `treatmentTotal` pence, in whole pence rounded half up, in integer
 * arithmetic (docs/decisions/0094-deposits-and-balances.md): 25% of £125.50 is £31.38.
 */
export function depositOf(treatmentTotal: number, percent: number): number {
  return Math.floor((treatmentTotal * percent + 50) / 100);
}

/** The most a link may ask for: £100,000.00. */
export const MAX_LINK_AMOUNT_PENCE = 10_000_000;

/** The least a card can be charged in pounds (Stripe's minimum charge amount for GBP: £0.30). */
export const MIN_CHARGE_PENCE = 30;
export const BELOW_MIN_CHARGE = 'The smallest amount a card can be charged is £0.30';

export const amountInPenceSchema = penceField(
  {
    invalid: LINK_MESSAGES.invalidAmount,
    missing: LINK_MESSAGES.requiredFields,
    belowMinimum: BELOW_MIN_CHARGE,
  },
  { min: MIN_CHARGE_PENCE, max: MAX_LINK_AMOUNT_PENCE },
);

/** A percent given for a deposit: a whole number from 1 to 99. */
const depositPercentSchema = z
  .number({ error: LINK_MESSAGES.invalidDepositPercent })
  .int(LINK_MESSAGES.invalidDepositPercent)
  .min(1, LINK_MESSAGES.invalidDepositPercent)
  .max(99, LINK_MESSAGES.invalidDepositPercent);

const linkFieldsSchema = z.object({
  title: z
    .string({ error: LINK_MESSAGES.requiredFields })
    .trim()
    .min(1, LINK_MESSAGES.requiredFields)
    .max(200),
  amount: amountInPenceSchema,
  type: z.enum(LINK_TYPES, { error: LINK_MESSAGES.invalidType }).default('deposit'),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value || null),
  /**
   * Whether the patient must save their card, agreeing to the clinic's policies in force, to pay
   * (docs/decisions/0092-card-consent.md). Refused while the clinic has no policy in force.
   */
  requiresCardOnFile: z.boolean().default(false),
  /**
   * Pence: the whole treatment's price when `amount` is a deposit towards it; the balance is paid
   * later (docs/decisions/0094-deposits-and-balances.md). Null for a link that is the whole price.
   */
  treatmentTotal: z.nullish(amountInPenceSchema).transform((value) => value ?? null),
  /** A deposit given as a percent (1 to 99) of treatmentTotal; the server works out `amount` from it. */
  depositPercent: depositPercentSchema.nullish().transform((value) => value ?? null),
  /**
   * A "secure your appointment" link (docs/decisions/0095-secure-your-appointment.md): the patient
   * saves their card and pays nothing now; `amount` is the treatment's price. It asks for a card on
   * file, and takes no deposit.
   */
  securesAppointment: z.boolean().default(false),
  /**
   * The last day (YYYY-MM-DD, Europe/London) the link takes payments; null: no expiry
   * (docs/decisions/0105-request-and-link-lifetimes.md). A day before today is refused by the server.
   */
  expiresOn: isoDateSchema.nullish().transform((value) => value ?? null),
  /** How many payments the link takes in all, 1 to MAX_LINK_PAYMENTS; null: no limit (0105). */
  maxPayments: z
    .number({ error: LINK_MESSAGES.invalidMaxPayments })
    .int(LINK_MESSAGES.invalidMaxPayments)
    .min(1, LINK_MESSAGES.invalidMaxPayments)
    .max(MAX_LINK_PAYMENTS, LINK_MESSAGES.invalidMaxPayments)
    .nullish()
    .transform((value) => value ?? null),
  /** The clinic's reference, shown to the patient and kept on the payments (docs/decisions/0108-clinic-reference.md). */
  clinicReference: clinicReferenceSchema,
});

/** A link that only saves a card always asks for a card on file. */
function withCardOnFileWhenSecuring<T extends { securesAppointment: boolean; requiresCardOnFile: boolean }>(
  link: T,
): T {
  return link.securesAppointment ? { ...link, requiresCardOnFile: true } : link;
}

/**
 * The create link rules (docs/product.md#validation), with a deposit towards a treatment total: the
 * deposit is `amount` pence, or `depositPercent` of the total (then `amount` may be left out, and must
 * match when given), and is less than the total.
 */
export const createPaymentLinkSchema = z.preprocess(
  (input) => {
    if (typeof input !== 'object' || input === null) return input;
    const { amount, treatmentTotal, depositPercent } = input as Record<string, unknown>;
    const computable =
      (amount === undefined || amount === null) &&
      Number.isInteger(treatmentTotal) &&
      depositPercentSchema.safeParse(depositPercent).success;
    return computable
      ? { ...input, amount: depositOf(treatmentTotal as number, depositPercent as number) }
      : input;
  },
  linkFieldsSchema
    .superRefine((link, ctx) => {
      if (link.securesAppointment && (link.treatmentTotal !== null || link.depositPercent !== null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['treatmentTotal'],
          message: LINK_MESSAGES.securesAppointmentNoDeposit,
        });
        return;
      }
      if (link.depositPercent !== null && link.treatmentTotal === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['treatmentTotal'],
          message: LINK_MESSAGES.depositPercentNeedsTotal,
        });
        return;
      }
      // Zod runs this beside the fields' own errors: a percent out of range has already been reported.
      if (
        link.treatmentTotal === null ||
        !depositPercentSchema.nullable().safeParse(link.depositPercent).success
      )
        return;
      if (link.depositPercent !== null && link.amount !== depositOf(link.treatmentTotal, link.depositPercent))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: LINK_MESSAGES.depositNotPercent });
      else if (link.treatmentTotal - link.amount < MIN_CHARGE_PENCE)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: LINK_MESSAGES.depositBelowTotal });
    })
    .transform(withCardOnFileWhenSecuring),
);
export type CreatePaymentLink = z.input<typeof linkFieldsSchema>;
/** A parsed create request: type defaulted, description null when empty. */
export type NewPaymentLink = z.output<typeof createPaymentLinkSchema>;

export const paymentLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.number().int(),
  type: z.enum(LINK_TYPES),
  description: z.string().nullable(),
  isActive: z.boolean(),
  requiresCardOnFile: z.boolean(),
  /** Pence: the treatment's whole price when `amount` is a deposit towards it; null otherwise. */
  treatmentTotal: z.number().int().nullable(),
  /** Whether the link only saves a card, the patient paying nothing now; `amount` is then the treatment's price. */
  securesAppointment: z.boolean(),
  /** The last day (YYYY-MM-DD, Europe/London) it takes payments; null: no expiry (0105). */
  expiresOn: z.string().nullable(),
  /** How many payments it takes in all; null: no limit (0105). */
  maxPayments: z.number().int().nullable(),
  /** The clinic's reference (0108); null when none. */
  clinicReference: z.string().nullable(),
  createdAt: z.string(),
  /** {origin}/payment/{id}. */
  url: z.string(),
  /**
   * In the links list: the recorded payments made through it and their net in pence (amount paid less
   * refunds, docs/decisions/0097-one-set-of-figures.md).
   */
  totals: z.object({ payments: z.number().int(), net: z.number().int() }).optional(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkResponseSchema = z.object({ link: paymentLinkSchema });

export const listPaymentLinksQuerySchema = z.object({
  view: z.enum(['active', 'archived']).default('active'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(3),
});

export const paymentLinkPageSchema = z.object({
  items: z.array(paymentLinkSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const updatePaymentLinkSchema = z.object({ isActive: z.boolean() });

/**
 * An amount typed in pounds ('45', '45.50') as integer pence, under the same rule as the API's
 * amountInPenceSchema (the £0.30 minimum included), so the browser refuses what the server would.
 */
export const poundsTextSchema = z
  .string()
  .trim()
  .min(1, LINK_MESSAGES.requiredFields)
  .transform((text, ctx) => {
    const pence = parsePoundsToPence(text);
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message: LINK_MESSAGES.invalidAmount });
      return z.NEVER;
    }
    return pence;
  })
  .pipe(amountInPenceSchema);

/**
 * The Create Payment Link form: the amount is typed in pounds and becomes pence here, so the form's
 * output is exactly the API's input.
 */
export const paymentLinkFormSchema = z
  .object({
    title: z.string().trim().min(1, LINK_MESSAGES.titleRequired).max(200),
    /** Pounds typed; may be left empty when the deposit is given as a percent. */
    amount: z.string(),
    type: z.enum(LINK_TYPES),
    description: z.string().max(1000),
    requiresCardOnFile: z.boolean(),
    /** Pounds typed, or '' for a link that is the whole price; pence (or null) out. */
    treatmentTotal: z.union([z.literal('').transform(() => null), poundsTextSchema]),
    /** A whole percent typed, or '' when the deposit is the amount (docs/decisions/0094-deposits-and-balances.md). */
    depositPercent: z.string().trim(),
    securesAppointment: z.boolean(),
    /** A date picked (YYYY-MM-DD), or '' for no expiry. */
    expiresOn: z.union([z.literal('').transform(() => null), isoDateSchema]),
    /** A whole number typed, or '' for no limit. */
    maxPayments: z
      .string()
      .trim()
      .refine(
        (text) =>
          text === '' || (/^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_LINK_PAYMENTS),
        LINK_MESSAGES.invalidMaxPayments,
      )
      .transform((text) => (text === '' ? null : Number(text))),
    /** Typed, or '' for none (0108). */
    clinicReference: clinicReferenceSchema,
  })
  // Checked in a refinement, which zod runs beside the fields' own errors (an empty title and an empty
  // amount are both told at once); the transform then only runs on a valid form.
  .superRefine((link, ctx) => {
    const total = typeof link.treatmentTotal === 'number' ? link.treatmentTotal : null;
    if (link.securesAppointment && (link.treatmentTotal !== null || link.depositPercent)) {
      ctx.addIssue({
        code: 'custom',
        path: ['treatmentTotal'],
        message: LINK_MESSAGES.securesAppointmentNoDeposit,
      });
      return;
    }
    if (link.depositPercent) {
      const percent = percentOf(link.depositPercent);
      if (percent === null)
        ctx.addIssue({
          code: 'custom',
          path: ['depositPercent'],
          message: LINK_MESSAGES.invalidDepositPercent,
        });
      else if (total === null && link.treatmentTotal === null)
        ctx.addIssue({
          code: 'custom',
          path: ['treatmentTotal'],
          message: LINK_MESSAGES.depositPercentNeedsTotal,
        });
      else if (total !== null && depositOf(total, percent) < MIN_CHARGE_PENCE)
        ctx.addIssue({ code: 'custom', path: ['depositPercent'], message: BELOW_MIN_CHARGE });
      return;
    }
    if (!link.amount.trim()) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: LINK_MESSAGES.amountRequired });
      return;
    }
    const amount = poundsTextSchema.safeParse(link.amount);
    if (!amount.success) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]?.message ?? '' });
      return;
    }
    // The balance must be chargeable too: at least the smallest amount a card can be charged.
    if (total !== null && total - amount.data < MIN_CHARGE_PENCE)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: LINK_MESSAGES.depositBelowTotal });
  })
  .transform(({ depositPercent: percentText, amount: amountText, ...link }) => {
    const percent = percentText ? percentOf(percentText) : null;
    return withCardOnFileWhenSecuring(
      percent !== null && link.treatmentTotal !== null
        ? { ...link, amount: depositOf(link.treatmentTotal, percent), depositPercent: percent }
        : { ...link, amount: poundsTextSchema.parse(amountText), depositPercent: null },
    );
  });

/**
 * What a link asks for, as the clinic's screens show it: '£45.00', or for a link that secures an
 * appointment '£120.00 treatment, card saved: nothing paid now'.
 */
export function linkAmountText(link: Pick<PaymentLink, 'amount' | 'securesAppointment'>): string {
  const amount = formatPence(link.amount);
  return link.securesAppointment ? `${amount} treatment, card saved: nothing paid now` : amount;
}

/** A whole percent from 1 to 99 typed ('25'), or null. */
function percentOf(text: string): number | null {
  const percent = /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : 0;
  return percent >= 1 && percent <= 99 ? percent : null;
}

export type PaymentLinkForm = z.input<typeof paymentLinkFormSchema>;
export type PaymentLinkFormValues = z.output<typeof paymentLinkFormSchema>;

/** The files a link's or request's QR code downloads as: SVG (any size, for print) and PNG. */
export const QR_CODE_FORMATS = ['svg', 'png'] as const;
export type QrCodeFormat = (typeof QR_CODE_FORMATS)[number];

/** GET …/qr-code?format=svg|png (SVG when omitted). */
export const qrCodeQuerySchema = z.object({
  format: z.enum(QR_CODE_FORMATS, { error: 'The format must be svg or png' }).default('svg'),
});
