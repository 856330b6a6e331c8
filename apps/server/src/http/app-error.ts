/**
 * The one application error type (decisions 0004 and 0065). Services throw AppError with a code and the
 * user-facing message; the error handler turns the code into an HTTP status through STATUS_BY_CODE.
 */
import type { ErrorCode } from '@clinicpay/shared';
import { GatewayError } from '../gateway/gateway.js';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  CLINIC_NOT_FOUND: 404,
  // The clinic has no connected account that can take payments (docs/product.md#messages-payment-page
  // 'not connected').
  CLINIC_NOT_CONNECTED: 409,
  // Two connection attempts raced and this one lost: try again.
  CONNECTION_CHANGED: 409,
  PAYMENTS_TURNED_OFF: 403,
  NO_PROVIDER_ACCOUNT: 409,
  PROVIDER_ACCOUNT_NOT_CLOSABLE: 409,
  PAYMENTS_NOT_TURNED_OFF: 409,
  // The card provider could not be reached or refused for its own reasons: try again later.
  PROVIDER_UNAVAILABLE: 503,
  PAYMENT_PAGE_NOT_FOUND: 404,
  LINK_NOT_FOUND: 404,
  LINK_ARCHIVED: 409,
  REQUEST_ALREADY_PAID: 409,
  PAYMENT_NOT_FOUND: 404,
  NO_REPORT_DATA: 404,
  RECEIPT_NOT_SENT: 409,
  EMAIL_TAKEN: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CREDENTIALS: 401,
  // A verification, reset or invitation token that is unknown, used, expired or not this user's.
  INVALID_TOKEN: 400,
  CURRENT_PASSWORD_INCORRECT: 400,
  NOTIFICATION_NOT_FOUND: 404,
  NOTIFICATION_NOT_FAILED: 409,
  // An email the server had to send now (verification, contact form) could not be queued.
  MESSAGE_NOT_SENT: 503,
  PAYMENT_NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_PAYMENT: 400,
  // The card provider refused or failed the refund: the request was sound, the provider said no.
  REFUND_FAILED: 502,
  LOGO_TOO_LARGE: 413,
  LOGO_TYPE_NOT_ALLOWED: 415,
  LOGO_UNREADABLE: 400,
  NO_LOGO: 404,
  DISPUTE_NOT_FOUND: 404,
  PAYMENT_DISPUTED: 409,
  EVIDENCE_CLOSED: 409,
  EVIDENCE_ALREADY_SUBMITTED: 409,
  EVIDENCE_FILE_TOO_LARGE: 413,
  EVIDENCE_FILE_TYPE: 415,
  EVIDENCE_FILE_UNREADABLE: 400,
  FRAUD_WARNING_NOT_FOUND: 404,
  // Unknown, malformed, or another clinic's payout id.
  PAYOUT_NOT_FOUND: 404,
  // Unknown, malformed, or another clinic's patient id.
  PATIENT_NOT_FOUND: 404,
  // Unknown, malformed, or another clinic's payment request id.
  PAYMENT_REQUEST_NOT_FOUND: 404,
  PAYMENT_REQUEST_PAID: 409,
  // A cancelled or expired request: nothing more is sent (docs/decisions/0105-request-and-link-lifetimes.md).
  PAYMENT_REQUEST_CLOSED: 409,
  // A cancelled, expired or used-up page takes no payment (0105).
  PAYMENT_PAGE_CLOSED: 409,
  // Unknown or malformed terms id.
  TERMS_NOT_FOUND: 404,
  // Unknown, malformed, or another clinic's saved card.
  SAVED_CARD_NOT_FOUND: 404,
  SAVED_CARD_REMOVED: 409,
  // A removed or expired card, or a clinic whose card payments are paused.
  CARD_NOT_CHARGEABLE: 409,
  CARD_FEE_ALREADY_CHARGED: 409,
  NO_BALANCE_DUE: 409,
  LINK_SAVES_CARD_ONLY: 409,
  LINK_TAKES_PAYMENT: 409,
  NO_POLICY_IN_FORCE: 409,
  BALANCE_UNDER_WAY: 409,
  INVITATION_NOT_FOUND: 404,
  INVITATION_CLOSED: 410,
  MEMBER_NOT_FOUND: 404,
  ALREADY_MEMBER: 409,
  TEAM_RULE: 409,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  TWO_FACTOR_INVALID: 400,
  TWO_FACTOR_EXPIRED: 401,
  TWO_FACTOR_LOCKED: 429,
  TWO_FACTOR_STATE: 409,
  SIGN_IN_LINK_REQUIRED: 403,
  // An admin suspended sign-in for the member's clinic (decision 0125).
  CLINIC_SUSPENDED: 403,
  SIGN_IN_ALREADY_SUSPENDED: 409,
  SIGN_IN_NOT_SUSPENDED: 409,
  INVITATION_ALREADY_USED: 409,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Shown to the user as it is; take it from docs/product.md#messages where it has one. */
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/**
 * The one translation of a card provider's error for an HTTP caller: a GatewayError (the provider
 * refused or failed) becomes PROVIDER_UNAVAILABLE (503) with the provider's own message; anything else
 * is returned as it is. Use as `catch (error) { throw fromGatewayError(error); }`.
 */
export function fromGatewayError(error: unknown): unknown {
  return error instanceof GatewayError ? new AppError('PROVIDER_UNAVAILABLE', error.message) : error;
}
