/**
 * The JSON body of every 4xx/5xx answer from the API. `message` is the text to show the user;
 * `fieldErrors` maps a form field to its message when a request body failed validation.
 */
export interface ApiErrorBody {
  code: string;
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
  // Domain codes: each names what happened; the server maps each to one status.
  'PAYMENT_NOT_REFUNDABLE',
  'REFUND_EXCEEDS_PAYMENT',
  'REFUND_FAILED',
  'LOGO_TOO_LARGE',
  'LOGO_TYPE_NOT_ALLOWED',
  'LOGO_UNREADABLE',
  'NO_LOGO',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Shown for a 5xx: the real cause is logged, never sent (spec §8 'An unexpected error occurred.'). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
