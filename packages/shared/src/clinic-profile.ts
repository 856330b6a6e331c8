/**
 * The clinic profile and notification settings (docs/product.md#clinic-settings;
 * docs/product.md#validation: empty profile strings are saved as null; a profile is complete with logo,
 * name, email, phone, address line 1, city and postcode).
 */
import { z } from 'zod';
import { emailField } from './mini/email-field.js';
import {
  STATEMENT_FORBIDDEN_CHARACTERS,
  STATEMENT_LATIN_CHARACTERS,
  STATEMENT_MESSAGES,
  STATEMENT_NAME_MAX_LENGTH,
} from './mini/provider-account.js';

export const CLINIC_MESSAGES = {
  profileSaved: 'Profile settings saved successfully',
  profileSaveFailed: 'Failed to save profile settings',
  /** When the server gives no answer of its own (network failure, unexpected error). */
  profileSaveUnexpected: 'An error occurred while saving profile settings',
  incompleteProfile: 'Add your clinic logo and details to give patients the best payment experience!',
  noClinic: 'No clinic associated with this user',
  connectionChanged: 'The connection changed; please try again',
  notificationToggled: (channel: 'Email' | 'SMS', enabled: boolean) =>
    `${channel} notifications ${enabled ? 'enabled' : 'disabled'}`,
  notificationFailed: (channel: 'email' | 'sms') => `Failed to update ${channel} notification settings`,
  /** When the server gives no answer of its own (network failure, unexpected error). */
  notificationUnexpected: 'Something went wrong updating your notification settings',
  invalidEmail: 'Please enter a valid email address',
  tooLong: 'Please keep this under 200 characters',
} as const;

const optionalText = z
  .string()
  .trim()
  .max(200, CLINIC_MESSAGES.tooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The clinic's statement name (Settings → Profile): trimmed, inner spaces folded, blank as null (the
 * default made from the clinic name is then used), otherwise held to Stripe's rules for a statement
 * descriptor suffix (decision 0082).
 */
export const statementNameSchema = z
  .string()
  .max(200, STATEMENT_MESSAGES.tooLong)
  .nullish()
  .transform((value) => value?.trim().replace(/\s+/g, ' ') || null)
  .pipe(
    z
      .string()
      .refine((value) => !STATEMENT_FORBIDDEN_CHARACTERS.test(value), STATEMENT_MESSAGES.forbidden)
      .refine(
        (value) => STATEMENT_FORBIDDEN_CHARACTERS.test(value) || STATEMENT_LATIN_CHARACTERS.test(value),
        STATEMENT_MESSAGES.latinOnly,
      )
      .refine((value) => /[A-Za-z]/.test(value), STATEMENT_MESSAGES.needsLetter)
      .refine((value) => value.length <= STATEMENT_NAME_MAX_LENGTH, STATEMENT_MESSAGES.tooLong)
      .nullable(),
  );

export const clinicProfileUpdateSchema = z.object({
  clinicName: optionalText,
  email: optionalText.pipe(
    z.nullable(emailField({ missing: CLINIC_MESSAGES.invalidEmail, invalid: CLINIC_MESSAGES.invalidEmail })),
  ),
  phone: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  postcode: optionalText,
  /** Omitted: unchanged. */
  statementName: statementNameSchema.optional(),
});
export type ClinicProfileUpdate = z.input<typeof clinicProfileUpdateSchema>;
/** The parsed profile: every field a string or null. */
export type ClinicProfileChanges = z.output<typeof clinicProfileUpdateSchema>;

export const notificationSettingsUpdateSchema = z
  .object({ emailNotifications: z.boolean().optional(), smsNotifications: z.boolean().optional() })
  .refine((value) => value.emailNotifications !== undefined || value.smsNotifications !== undefined, {
    message: 'No clinic data to update',
  });
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;

/** What Settings → Requests says (docs/decisions/0105-request-and-link-lifetimes.md, 0106); ours. */
export const REQUEST_SETTINGS_MESSAGES = {
  title: 'Requests',
  remindersLabel: 'Remind patients of unpaid requests',
  reminderDaysLabel: 'Days after sending',
  reminderDaysHint:
    'Up to three days, separated by commas, such as 3, 7. Reminders go by the channels of the request and stop once it is paid, cancelled or expired.',
  invalidReminderDays: 'Enter up to three different whole days from 1 to 90, such as 3, 7',
  expiryDaysLabel: 'Requests can be paid for (days)',
  expiryDaysHint: 'A request can be given its own last day when it is sent.',
  invalidExpiryDays: 'Enter a whole number of days from 1 to 365',
  closedPageTextLabel: 'Message on a closed page (optional)',
  closedPageTextHint:
    'Shown with your contact details to a patient who opens a cancelled, expired or used-up link.',
  closedPageTextTooLong: 'Keep the message to 500 characters or fewer',
  noControlCharacters: 'Remove the special characters from the message',
  saved: 'Request settings saved',
  saveFailed: 'Failed to save the request settings',
} as const;

/** The most reminders of one request, and the latest day one can go. */
export const MAX_REMINDERS = 3;
export const MAX_REMINDER_DAY = 90;

/**
 * PATCH /api/clinic/request-settings: the reminder days (ascending, different, 1 to 90; empty: no
 * reminders), the days a new request can be paid for (1 to 365), and the closed page's message (blank:
 * none). Every field optional; at least one given.
 */
export const requestSettingsUpdateSchema = z
  .object({
    reminderDays: z
      .array(
        z
          .number({ error: REQUEST_SETTINGS_MESSAGES.invalidReminderDays })
          .int(REQUEST_SETTINGS_MESSAGES.invalidReminderDays)
          .min(1, REQUEST_SETTINGS_MESSAGES.invalidReminderDays)
          .max(MAX_REMINDER_DAY, REQUEST_SETTINGS_MESSAGES.invalidReminderDays),
        { error: REQUEST_SETTINGS_MESSAGES.invalidReminderDays },
      )
      .max(MAX_REMINDERS, REQUEST_SETTINGS_MESSAGES.invalidReminderDays)
      .refine((days) => new Set(days).size === days.length, REQUEST_SETTINGS_MESSAGES.invalidReminderDays)
      .transform((days) => [...days].sort((a, b) => a - b))
      .optional(),
    requestExpiryDays: z
      .number({ error: REQUEST_SETTINGS_MESSAGES.invalidExpiryDays })
      .int(REQUEST_SETTINGS_MESSAGES.invalidExpiryDays)
      .min(1, REQUEST_SETTINGS_MESSAGES.invalidExpiryDays)
      .max(365, REQUEST_SETTINGS_MESSAGES.invalidExpiryDays)
      .optional(),
    closedPageText: z
      .string()
      .trim()
      .max(500, REQUEST_SETTINGS_MESSAGES.closedPageTextTooLong)
      // Line breaks are the clinic's paragraphs; any other control character is refused.
      .refine((text) => !hasControlCharacters(text), REQUEST_SETTINGS_MESSAGES.noControlCharacters)
      .nullish()
      .transform((text) => (text === undefined ? undefined : text || null)),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'No clinic data to update',
  });
export type RequestSettingsUpdate = z.input<typeof requestSettingsUpdateSchema>;
export type RequestSettingsChanges = z.output<typeof requestSettingsUpdateSchema>;

import { providerStatusSchema } from './mini/provider-account.js';
import { PROVIDER_NAME } from './payment-constants.js';
import { hasControlCharacters } from './payment-terms.js';

export const clinicSchema = z.object({
  id: z.string(),
  clinicName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  stripeAccountId: z.string().nullable(),
  stripeStatus: providerStatusSchema,
  /**
   * What the card provider asks the clinic for (its requirement ids, currently due or past due:
   * requirementLabels names them), and by when (ISO date-time, null when no deadline).
   */
  requirementsDue: z.array(z.string()),
  requirementsDeadline: z.string().nullable(),
  /** An admin turned card payments off (force-disconnect): the clinic cannot reconnect until restored. */
  paymentsTurnedOff: z.boolean(),
  /** The statement name the clinic set, or null for the default made from its name. */
  statementName: z.string().nullable(),
  /** What a patient's card statement shows for this clinic's payments, e.g. 'CLINICPAY* SMITH DENT'. */
  cardStatementText: z.string(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  /** Days after sending an unpaid request is reminded on, ascending; empty: no reminders (0106). */
  reminderDays: z.array(z.number().int()),
  /** Days a new request can be paid for, unless it is given its own last day (0105). */
  requestExpiryDays: z.number().int(),
  /** The clinic's message on a cancelled, expired or used-up page; null: none (0105). */
  closedPageText: z.string().nullable(),
  createdAt: z.string(),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const clinicResponseSchema = z.object({ clinic: clinicSchema });

/** The 7 fields that make a profile complete (docs/product.md#validation). */
export function isProfileComplete(clinic: Clinic): boolean {
  return [
    clinic.logoUrl,
    clinic.clinicName,
    clinic.email,
    clinic.phone,
    clinic.addressLine1,
    clinic.city,
    clinic.postcode,
  ].every((value) => value !== null && value !== '');
}

/** POST /api/clinic/payment-provider/connect: where the browser goes to onboard. */
export const onboardingLinkResponseSchema = z.object({ url: z.string() });

/**
 * GET /api/payment-provider/config: what the browser needs to take payments (get-stripe-public-key,
 * docs/product.md#server-calls).
 */

/** The card provider's name in user-facing messages ({provider} in docs/product.md#messages). */

export const PROVIDER_MESSAGES = {
  connecting: `Connecting to ${PROVIDER_NAME}...`,
  connected: `Successfully connected to ${PROVIDER_NAME}`,
  pending: `Please complete the ${PROVIDER_NAME} onboarding process to enable payments`,
  onboardingUrlFailed: `Failed to get ${PROVIDER_NAME} onboarding URL`,
  connectFailed: (message?: string) => `Failed to connect to ${PROVIDER_NAME}: ${message || 'Unknown error'}`,
  /** When the server gives no answer of its own (network failure, unexpected error). */
  connectUnexpected: `An error occurred while connecting to ${PROVIDER_NAME}`,
  callbackSignedOut: `You must be logged in to connect ${PROVIDER_NAME}`,
  callbackNoAccount: `Failed to retrieve ${PROVIDER_NAME} account ID`,
  callbackFailed: (message: string) => `Failed to connect ${PROVIDER_NAME}: ${message}`,
  disconnectFailed: (message?: string) =>
    `Failed to disconnect ${PROVIDER_NAME}: ${message || 'Unknown error'}`,
  disconnected: `${PROVIDER_NAME} disconnected`,
} as const;
