import { PAYOUT_MESSAGES, PROVIDER_NAME } from '@clinicpay/shared';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDashboardLink } from '../api/dashboard-link';

/**
 * 'Open Stripe dashboard': says first that it leaves ClinicPay, then POSTs
 * /api/clinic/payment-provider/dashboard-link and goes to the one-time link it answers in this tab. A
 * refusal is shown under the button, with the server's message.
 */
export function OpenDashboardButton() {
  const link = useDashboardLink();
  const hintId = useId();
  const open = () => {
    if (link.isPending) return;
    link.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  };
  return (
    <div className="flex w-full flex-col items-start gap-1 sm:w-auto sm:items-end">
      <Button
        variant="outline"
        onClick={open}
        aria-describedby={hintId}
        aria-busy={link.isPending || undefined}
      >
        <ExternalLink className="h-4 w-4" aria-hidden />
        {PAYOUT_MESSAGES.openDashboard}
      </Button>
      <p id={hintId} className="text-xs text-slate-600">
        {link.isPending
          ? `Opening ${PROVIDER_NAME}...`
          : `Leaves ClinicPay for ${PROVIDER_NAME}'s site, in this tab.`}
      </p>
      {link.isError ? <Alert tone="error">{link.error.message}</Alert> : null}
    </div>
  );
}
