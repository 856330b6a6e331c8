/**
 * The JSON body of every 4xx/5xx answer from the API. `message` is the text to show the user;
 * `fieldErrors` maps a form field to its message when a request body failed validation.
 */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
}

/** Error codes the server answers with. Each maps to one HTTP status on the server. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Domain codes: each names what happened; the server maps each to one status (http/app-error.ts).
  'CLINIC_NOT_FOUND',
  'CLINIC_NOT_CONNECTED',
  'CONNECTION_CHANGED',
  'PAYMENTS_TURNED_OFF',
  'NO_PROVIDER_ACCOUNT',
  'PROVIDER_ACCOUNT_NOT_CLOSABLE',
  'PAYMENTS_NOT_TURNED_OFF',
  'PROVIDER_UNAVAILABLE',
  'PAYMENT_PAGE_NOT_FOUND',
  'LINK_NOT_FOUND',
  'LINK_ARCHIVED',
  'REQUEST_ALREADY_PAID',
  'PAYMENT_NOT_FOUND',
  'NO_REPORT_DATA',
  'RECEIPT_NOT_SENT',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'CURRENT_PASSWORD_INCORRECT',
  'NOTIFICATION_NOT_FOUND',
  'NOTIFICATION_NOT_FAILED',
  'MESSAGE_NOT_SENT',
  'PAYMENT_NOT_REFUNDABLE',
  'REFUND_EXCEEDS_PAYMENT',
  'REFUND_FAILED',
  'LOGO_TOO_LARGE',
  'LOGO_TYPE_NOT_ALLOWED',
  'LOGO_UNREADABLE',
  'NO_LOGO',
  'DISPUTE_NOT_FOUND',
  'PAYMENT_DISPUTED',
  'EVIDENCE_CLOSED',
  'EVIDENCE_ALREADY_SUBMITTED',
  'EVIDENCE_FILE_TOO_LARGE',
  'EVIDENCE_FILE_TYPE',
  'EVIDENCE_FILE_UNREADABLE',
  'FRAUD_WARNING_NOT_FOUND',
  'PAYOUT_NOT_FOUND',
  'PATIENT_NOT_FOUND',
  'PAYMENT_REQUEST_NOT_FOUND',
  'PAYMENT_REQUEST_PAID',
  'PAYMENT_REQUEST_CLOSED',
  'PAYMENT_PAGE_CLOSED',
  'TERMS_NOT_FOUND',
  'SAVED_CARD_NOT_FOUND',
  'SAVED_CARD_REMOVED',
  'CARD_NOT_CHARGEABLE',
  'CARD_FEE_ALREADY_CHARGED',
  'NO_BALANCE_DUE',
  'BALANCE_UNDER_WAY',
  'LINK_SAVES_CARD_ONLY',
  'LINK_TAKES_PAYMENT',
  'NO_POLICY_IN_FORCE',
  'INVITATION_NOT_FOUND',
  'INVITATION_CLOSED',
  'MEMBER_NOT_FOUND',
  'ALREADY_MEMBER',
  'TEAM_RULE',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_INVALID',
  'TWO_FACTOR_EXPIRED',
  'TWO_FACTOR_LOCKED',
  'TWO_FACTOR_STATE',
  'SIGN_IN_LINK_REQUIRED',
  'CLINIC_SUSPENDED',
  'SIGN_IN_ALREADY_SUSPENDED',
  'SIGN_IN_NOT_SUSPENDED',
  'INVITATION_ALREADY_USED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Shown for a 5xx: the real cause is logged, never sent ('An unexpected error occurred.',
 * docs/product.md#messages).
 */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';

/**
 * The one answer to a request over any rate limit (RATE_LIMITED, 429). The spec has no text for it;
 * the windows run from one minute to an hour, hence "a few minutes".
 */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
