import { CHECKOUT_MESSAGES } from '@clinicpay/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

export const UNEXPECTED_ERROR = CHECKOUT_MESSAGES.unexpectedError;

/**
 * Whether an uncaught error came from ClinicPay's own scripts. Stripe.js runs in the same window, and
 * the browser reports benign things (a ResizeObserver loop) as errors without an error object; neither
 * should send a patient to the failed page.
 */
function fromOurScripts(error: unknown, scriptUrl?: string) {
  if (!(error instanceof Error)) return false;
  const origin = window.location.origin;
  return scriptUrl ? scriptUrl.startsWith(origin) : (error.stack ?? '').includes(origin);
}

/**
 * An unhandled browser error while paying shows 'An unexpected error occurred' and goes to the failed
 * page (docs/product.md#messages-payment-page). Listens while the payment form is on the page.
 */
export function useFailedPageOnUnhandledError(failedPage: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const fail = () => {
      toast.error(UNEXPECTED_ERROR);
      navigate(failedPage);
    };
    const onError = (event: ErrorEvent) => {
      if (fromOurScripts(event.error, event.filename)) fail();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (fromOurScripts(event.reason)) fail();
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [navigate, failedPage]);
}
