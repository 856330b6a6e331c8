import { ADMIN_MESSAGES, type ProviderStatus } from '@clinicpay/shared';
import { ProviderStatusBadge } from '@/components/provider-status-badge';
import { Badge } from '@/components/ui/badge';

/**
 * A clinic's card-provider status, and beside it 'Payments turned off' when an admin turned its card
 * payments off (docs/decisions/0080-account-status.md, 0081-disconnect-keeps-the-account.md).
 */
export function ClinicStatus({
  status,
  paymentsTurnedOff,
}: {
  status: ProviderStatus;
  paymentsTurnedOff: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <ProviderStatusBadge status={status} />
      {paymentsTurnedOff ? <Badge tone="red">{ADMIN_MESSAGES.turnedOffBadge}</Badge> : null}
    </span>
  );
}
