/**
 * The one application error type (style.md §4). Services throw AppError with a code and the
 * user-facing message; the error handler turns the code into an HTTP status through STATUS_BY_CODE.
 */
import type { ErrorCode } from '@clinicpay/shared';

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
  PAYMENT_NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_PAYMENT: 400,
  // The card provider refused or failed the refund: the request was sound, the provider said no.
  REFUND_FAILED: 502,
  LOGO_TOO_LARGE: 413,
  LOGO_TYPE_NOT_ALLOWED: 415,
  LOGO_UNREADABLE: 400,
  NO_LOGO: 404,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Shown to the user as it is; take it from the spec where the spec has one. */
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
