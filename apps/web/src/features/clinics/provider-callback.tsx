import {
  AUTH_MESSAGES,
  canTakePayments,
  PROVIDER_ACCOUNT_MESSAGES,
  PROVIDER_MESSAGES,
} from '@clinicpay/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useRefreshConnection } from './api/payment-provider';

const PAYMENTS_TAB = '/dashboard/settings?tab=payments';

/**
 * /auth/callback?type=stripe_connect: back from onboarding (or from updating details, or a
 * reconnection that reused the clinic's account: decisions 0080, 0081), the status is re-read from the
 * provider, the outcome is told, and the clinic lands on the Payments tab.
 */
export function ProviderCallback() {
  const refresh = useRefreshConnection();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    refresh.mutate(undefined, {
      onSuccess: ({ clinic }) => {
        if (!clinic.stripeAccountId) toast.error(PROVIDER_MESSAGES.callbackNoAccount);
        else if (canTakePayments(clinic.stripeStatus)) toast.success(PROVIDER_MESSAGES.connected);
        else if (clinic.stripeStatus === 'verifying') toast.info(PROVIDER_ACCOUNT_MESSAGES.verifying);
        else toast.info(PROVIDER_MESSAGES.pending);
        navigate(PAYMENTS_TAB, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
          toast.error(PROVIDER_MESSAGES.callbackSignedOut);
          navigate(`/sign-in?redirectTo=${encodeURIComponent(PAYMENTS_TAB)}`, { replace: true });
          return;
        }
        toast.error(PROVIDER_MESSAGES.callbackFailed(error.message || AUTH_MESSAGES.signInRequired));
        navigate(PAYMENTS_TAB, { replace: true });
      },
    });
  }, [refresh, navigate]);

  return <Spinner label="Completing Authentication" className="justify-center py-24" />;
}
