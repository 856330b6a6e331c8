/**
 * A clinic's cancellation policy and no-show fee (docs/decisions/0090-policies.md): what a patient
 * agrees to when their card is saved, and the most it allows the clinic to charge. Each save makes a
 * new version; the consent names the version. Fees are integer pence, or a whole percent of the
 * treatment's price.
 */
import { z } from 'zod';
import { penceField } from './mini/fields.js';
import { formatPence, parsePoundsToPence } from './money.js';
import { MIN_CHARGE_PENCE } from './payment-links.js';
import { POLICY_LABELS } from './policy-labels.js';

export const POLICY_KINDS = ['cancellation', 'no_show'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export const POLICY_FEE_TYPES = ['fixed', 'percent'] as const;
export type PolicyFeeType = (typeof POLICY_FEE_TYPES)[number];

/** The bounds of a policy: a fee a patient could reasonably agree to in advance, and a readable text. */
export const POLICY_LIMITS = {
  /** Pence: £1,000.00. */
  maxFixedFee: 100_000,
  maxPercent: 100,
  /** Hours: a week. */
  maxNoticeHours: 168,
  minTextLength: 20,
  maxTextLength: 2_000,
} as const;

export const POLICY_MESSAGES = {
  invalidFee: 'Please enter a fee between £0.30 and £1,000.00',
  invalidPercent: 'Please enter a whole percentage between 1 and 100',
  invalidNotice: 'Please enter a notice period of 1 to 168 hours',
  textRequired: `Please write the policy as your patients will read it (at least ${POLICY_LIMITS.minTextLength} characters)`,
  textTooLong: `Please keep the policy under ${POLICY_LIMITS.maxTextLength.toLocaleString('en-GB')} characters`,
  saved: (kind: PolicyKind, version: number) => `${POLICY_LABELS[kind]} saved as version ${version}`,
  unchanged: (kind: PolicyKind) => `${POLICY_LABELS[kind]} is unchanged`,
  turnedOff: (kind: PolicyKind) => `${POLICY_LABELS[kind]} turned off`,
  saveFailed: 'Failed to save the policy',
  notSet: 'Not set: no card on file can be asked for under it.',
} as const;

const feeAmountSchema = penceField(
  { invalid: POLICY_MESSAGES.invalidFee },
  { min: MIN_CHARGE_PENCE, max: POLICY_LIMITS.maxFixedFee },
);
const feePercentSchema = z
  .number({ error: POLICY_MESSAGES.invalidPercent })
  .int(POLICY_MESSAGES.invalidPercent)
  .min(1, POLICY_MESSAGES.invalidPercent)
  .max(POLICY_LIMITS.maxPercent, POLICY_MESSAGES.invalidPercent);
const noticeHoursSchema = z
  .number({ error: POLICY_MESSAGES.invalidNotice })
  .int(POLICY_MESSAGES.invalidNotice)
  .min(1, POLICY_MESSAGES.invalidNotice)
  .max(POLICY_LIMITS.maxNoticeHours, POLICY_MESSAGES.invalidNotice);
const policyTextSchema = z
  .string({ error: POLICY_MESSAGES.textRequired })
  .trim()
  .min(POLICY_LIMITS.minTextLength, POLICY_MESSAGES.textRequired)
  .max(POLICY_LIMITS.maxTextLength, POLICY_MESSAGES.textTooLong);

/**
 * PUT /api/clinic/policies/:kind: a fixed fee in pence (`feeAmount`) or a percent of the treatment
 * (`feePercent`), the notice period in hours (a cancellation policy only), and the text.
 */
export const policyInputSchema = z.discriminatedUnion(
  'feeType',
  [
    z.object({
      feeType: z.literal('fixed'),
      feeAmount: feeAmountSchema,
      noticeHours: noticeHoursSchema.nullish(),
      text: policyTextSchema,
    }),
    z.object({
      feeType: z.literal('percent'),
      feePercent: feePercentSchema,
      noticeHours: noticeHoursSchema.nullish(),
      text: policyTextSchema,
    }),
  ],
  { error: 'Please choose a fixed fee or a percentage' },
);
export type PolicyInput = z.input<typeof policyInputSchema>;

export const policySchema = z.object({
  kind: z.enum(POLICY_KINDS),
  version: z.number().int(),
  feeType: z.enum(POLICY_FEE_TYPES),
  /** Pence, for a fixed fee; else null. */
  feeAmount: z.number().int().nullable(),
  /** Whole percent of the treatment's price, for a percentage fee; else null. */
  feePercent: z.number().int().nullable(),
  /** Hours before the appointment, for a cancellation policy; else null. */
  noticeHours: z.number().int().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type Policy = z.infer<typeof policySchema>;

/** The clinic's policies in force: null where none is set or it was turned off. */
export const clinicPoliciesSchema = z.object({
  cancellation: policySchema.nullable(),
  no_show: policySchema.nullable(),
});
export type ClinicPolicies = z.infer<typeof clinicPoliciesSchema>;

export const policyResponseSchema = z.object({ policy: policySchema.nullable(), changed: z.boolean() });

/**
 * The most a policy lets the clinic charge, in pence: the fixed fee, or the percentage of the
 * treatment's price (`treatmentPence`) rounded down to the penny, so a charge never passes what the
 * patient agreed to. It may be under the least a card can be charged (£0.30); such a fee cannot be
 * charged.
 */
export function policyMaximum(
  policy: Pick<Policy, 'feeType' | 'feeAmount' | 'feePercent'>,
  treatmentPence: number,
) {
  if (policy.feeType === 'fixed') return policy.feeAmount ?? 0;
  return Math.floor((treatmentPence * (policy.feePercent ?? 0)) / 100);
}

/** The fee in words: '£40.00', or '50% of the treatment price'. */
export function policyFeeText(policy: Pick<Policy, 'feeType' | 'feeAmount' | 'feePercent'>): string {
  if (policy.feeType === 'fixed') return formatPence(policy.feeAmount ?? 0);
  return `${policy.feePercent}% of the treatment price`;
}

/**
 * The Settings form: the fee typed in pounds or as a percent, the notice in hours, all as text, each
 * checked under the API's rule so the browser refuses what the server would.
 */
export const policyFormSchema = z
  .object({
    feeType: z.enum(POLICY_FEE_TYPES),
    fee: z.string().trim(),
    noticeHours: z.string().trim(),
    text: z.string(),
    needsNotice: z.boolean(),
  })
  .transform((form, ctx): PolicyInput => {
    // Every field is checked here, not in the object, so each shows its own message at once.
    const text = policyTextSchema.safeParse(form.text);
    if (!text.success) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: text.error.issues[0]?.message ?? '' });
    }
    const noticeHours = form.needsNotice ? Number(form.noticeHours) : null;
    const noticeValid = /^\d+$/.test(form.noticeHours) && noticeHoursSchema.safeParse(noticeHours).success;
    if (form.needsNotice && !noticeValid) {
      ctx.addIssue({ code: 'custom', path: ['noticeHours'], message: POLICY_MESSAGES.invalidNotice });
    }
    if (form.feeType === 'fixed') {
      const pence = parsePoundsToPence(form.fee);
      if (pence === null || !feeAmountSchema.safeParse(pence).success) {
        ctx.addIssue({ code: 'custom', path: ['fee'], message: POLICY_MESSAGES.invalidFee });
      }
      return { feeType: 'fixed', feeAmount: pence ?? 0, noticeHours, text: form.text.trim() };
    }
    const percent = /^\d+$/.test(form.fee) ? Number(form.fee) : Number.NaN;
    if (!feePercentSchema.safeParse(percent).success) {
      ctx.addIssue({ code: 'custom', path: ['fee'], message: POLICY_MESSAGES.invalidPercent });
    }
    return { feeType: 'percent', feePercent: percent, noticeHours, text: form.text.trim() };
  });
export type PolicyForm = z.input<typeof policyFormSchema>;
