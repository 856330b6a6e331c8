import { PAYOUT_MESSAGES } from '@clinicpay/shared';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';

/** Where a clinic connects its card provider account. */
export const CONNECT_SETTINGS_PATH = '/dashboard/settings?tab=payments';

/** The clinic has no provider account in use (409 CLINIC_NOT_CONNECTED). */
export const isNotConnected = (error: Error) =>
  error instanceof ApiError && error.code === 'CLINIC_NOT_CONNECTED';

/**
 * What a clinic without a provider account sees instead of its balance and payouts: that it has to
 * connect one, and a link to Settings → Payments.
 */
export function NotConnectedNotice() {
  return (
    <Alert tone="warning" className="flex flex-col items-start gap-2">
      <p>{PAYOUT_MESSAGES.notConnected}</p>
      <Link to={CONNECT_SETTINGS_PATH} className="font-medium underline underline-offset-2">
        Go to Settings → Payments
      </Link>
    </Alert>
  );
}
