/**
 * A clinic's connected account as the card provider runs it (docs/decisions/0080-account-status.md,
 * 0081-disconnect-keeps-the-account.md, 0082-statement-descriptors.md): the statuses ClinicPay shows,
 * what the provider asks the clinic for and by when, the hold an admin puts on a clinic, and the short
 * name on patients' card statements. Written in zod/mini: the payment pages parse part of it.
 */
import { z } from 'zod/mini';
import { PROVIDER_NAME } from '../payment-constants.js';

/**
 * The statuses of a clinic's card-provider connection (clinics.stripe_status, as decision
 * 0080 records them): not_connected (no account in use); pending (onboarding incomplete);
 * verifying (details submitted, the provider is checking them); connected; action_needed (payments
 * work, but the provider needs more by a deadline); restricted (the provider has paused payments);
 * rejected (the provider closed the account for payments). Only connected and action_needed can take
 * payments.
 */
export const PROVIDER_STATUSES = [
  'connected',
  'not_connected',
  'pending',
  'verifying',
  'action_needed',
  'restricted',
  'rejected',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
export const providerStatusSchema = z.enum(PROVIDER_STATUSES);

/** Whether a clinic in this status can take card payments (charges and transfers both enabled). */
export function canTakePayments(status: ProviderStatus): boolean {
  return status === 'connected' || status === 'action_needed';
}

/** How each status is named to users, and the tone of its badge. */
export const PROVIDER_STATUS_LABELS: Record<
  ProviderStatus,
  { label: string; tone: 'green' | 'yellow' | 'red' | 'grey' }
> = {
  connected: { label: 'Connected', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  not_connected: { label: 'Not Connected', tone: 'grey' },
  verifying: { label: 'Verifying', tone: 'yellow' },
  action_needed: { label: 'Action needed', tone: 'yellow' },
  restricted: { label: 'Restricted', tone: 'red' },
  rejected: { label: 'Rejected', tone: 'grey' },
};

/**
 * The provider's requirement ids in plain English (docs.stripe.com/connect/required-verification-information):
 * the most specific known prefix wins; anything else reads as 'Other business details'.
 */
const REQUIREMENT_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['external_account', 'Bank account for payouts'],
  ['tos_acceptance', "Acceptance of Stripe's terms"],
  ['business_profile.url', 'Business website'],
  ['business_profile.mcc', 'Business category'],
  ['business_profile.product_description', 'Description of your services'],
  ['business_profile', 'Business details'],
  ['business_type', 'Business type'],
  ['company.tax_id', 'Company registration number'],
  ['company.address', 'Company address'],
  ['company.verification.document', 'Company verification document'],
  ['company.owners_provided', 'Company owners'],
  ['company.directors_provided', 'Company directors'],
  ['company.executives_provided', 'Company executives'],
  ['company', 'Company details'],
  ['individual.verification.additional_document', 'Proof of address'],
  ['individual.verification.document', 'Identity document'],
  ['individual.verification.proof_of_liveness', 'Identity check'],
  ['individual.dob', 'Date of birth'],
  ['individual.address', 'Home address'],
  ['individual.first_name', 'Legal name'],
  ['individual.last_name', 'Legal name'],
  ['individual.email', 'Email address'],
  ['individual.phone', 'Phone number'],
  ['individual', 'Personal details'],
  ['representative', 'Account representative details'],
  ['owners', 'Owner details'],
  ['directors', 'Director details'],
  ['person_', 'Details of a person at the business'],
  ['settings.payments.statement_descriptor', 'Statement descriptor'],
];

/** What a provider requirement id asks for, in plain English. */
export function requirementLabel(requirement: string): string {
  for (const [prefix, label] of REQUIREMENT_LABELS) {
    if (requirement === prefix || requirement.startsWith(prefix)) return label;
  }
  return 'Other business details';
}

/** The distinct plain-English labels of a list of requirement ids, in first-seen order. */
export function requirementLabels(requirements: readonly string[]): string[] {
  return [...new Set(requirements.map(requirementLabel))];
}

export const PROVIDER_ACCOUNT_MESSAGES = {
  verifying: `${PROVIDER_NAME} is checking your details. This usually takes a few minutes; you can take payments as soon as it is done.`,
  actionNeeded: (deadline: string | null) =>
    deadline
      ? `${PROVIDER_NAME} needs more information from you by ${deadline} to keep your payments and payouts running.`
      : `${PROVIDER_NAME} needs more information from you to keep your payments and payouts running.`,
  restricted: `${PROVIDER_NAME} has paused card payments on this account until it has the information below.`,
  rejected: `${PROVIDER_NAME} has closed this account for payments. Please contact ClinicPay support.`,
  due: 'What is needed:',
  updateDetails: 'Update details',
  turnedOffTitle: 'Card payments were turned off by ClinicPay',
  turnedOff:
    'ClinicPay has turned off card payments for your clinic. You cannot reconnect until we turn them back on. Please contact us to find out why and what to do next.',
  contactUs: 'Contact ClinicPay',
  turnedOffRefused: 'Card payments were turned off by ClinicPay. Please contact us before connecting again.',
  noAccount: `Connect a ${PROVIDER_NAME} account first`,
  notTurnedOff: 'Card payments are not turned off for this clinic',
  noAccountToClose: `This clinic has no ${PROVIDER_NAME} account to close`,
  updateFailed: (message?: string) => `Failed to open ${PROVIDER_NAME}: ${message || 'Unknown error'}`,
} as const;

/** POST /api/clinic/payment-provider/update-details: where the browser goes to give the provider what it asks for. */
export const updateDetailsLinkResponseSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------------------------------------
// Statement descriptors (docs.stripe.com/get-started/account/statement-descriptors,
// docs.stripe.com/connect/statement-descriptors): with destination charges the platform's card
// prefix is shown, followed by '* ' and the charge's suffix; the whole at most 22 characters.
// ---------------------------------------------------------------------------------------------

/** The platform's card statement prefix (set once in the Stripe dashboard: docs/going-live.md). */
export const STATEMENT_DESCRIPTOR_PREFIX = 'CLINICPAY';
/** The longest suffix that fits: 22 − prefix − '* '. */
export const STATEMENT_NAME_MAX_LENGTH = 22 - STATEMENT_DESCRIPTOR_PREFIX.length - 2;

/** Characters Stripe refuses in a statement descriptor. */
export const STATEMENT_FORBIDDEN_CHARACTERS = /[<>\\'"*]/;
/** Latin letters, digits, spaces and common punctuation only. */
export const STATEMENT_LATIN_CHARACTERS = /^[A-Za-z0-9 .,&\-/()#+!?:;@%_]*$/;

export const STATEMENT_MESSAGES = {
  latinOnly: 'Use Latin letters, numbers and spaces only',
  forbidden: 'These characters are not allowed: < > \\ \' " *',
  needsLetter: 'Include at least one letter',
  tooLong: `Keep it to ${STATEMENT_NAME_MAX_LENGTH} characters or fewer`,
  statementShows: (text: string) => `Card statements will show: ${text}`,
  patientStatement: (text: string) => `This payment will appear on your card statement as ${text}.`,
} as const;

/** Names already made, by clinic name: the payment page and Pay Now need one on every load. */
const madeStatementNames = new Map<string, string | null>();
/** Past this many clinic names the remembered ones are forgotten, so memory stays bounded. */
const MAX_REMEMBERED_STATEMENT_NAMES = 1000;

/**
 * A statement name made from the clinic's name: accents removed, characters Stripe refuses dropped,
 * upper case, cut at a word boundary to fit. Null when nothing usable is left (no letter).
 * Remembered per name (Unicode normalisation and four regular expressions are a payment page's
 * largest share of its own work: docs/benchmarks.md).
 */
export function defaultStatementName(clinicName: string | null): string | null {
  if (!clinicName) return null;
  const remembered = madeStatementNames.get(clinicName);
  if (remembered !== undefined) return remembered;
  const made = makeStatementName(clinicName);
  if (madeStatementNames.size >= MAX_REMEMBERED_STATEMENT_NAMES) madeStatementNames.clear();
  madeStatementNames.set(clinicName, made);
  return made;
}

function makeStatementName(clinicName: string): string | null {
  const latin = clinicName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .&-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  if (!/[A-Z]/.test(latin)) return null;
  if (latin.length <= STATEMENT_NAME_MAX_LENGTH) return latin;
  const cut = latin.slice(0, STATEMENT_NAME_MAX_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const fitted = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, STATEMENT_NAME_MAX_LENGTH)).trim();
  return /[A-Z]/.test(fitted) ? fitted : null;
}

/** The suffix a clinic's charges carry: its own statement name, else the default from its name. */
export function statementSuffix(clinic: {
  statementName: string | null;
  clinicName: string | null;
}): string | null {
  return clinic.statementName?.toUpperCase() ?? defaultStatementName(clinic.clinicName);
}

/** What the patient's card statement shows for a suffix, as Stripe joins them: 'CLINICPAY* SUFFIX'. */
export function cardStatementText(suffix: string | null): string {
  return suffix ? `${STATEMENT_DESCRIPTOR_PREFIX}* ${suffix.toUpperCase()}` : STATEMENT_DESCRIPTOR_PREFIX;
}
