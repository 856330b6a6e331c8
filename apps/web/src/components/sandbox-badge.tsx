import { Badge } from '@/components/ui/badge';
import { useProviderConfig } from '@/lib/provider-config';

/** Shown wherever the offline sandbox stands in for the card provider: no real money moves. */
export function SandboxBadge() {
  const config = useProviderConfig();
  if (config.data?.provider !== 'sandbox') return null;
  return (
    <Badge tone="amber" title="Payments run in ClinicPay's offline sandbox; no real money moves">
      Sandbox
    </Badge>
  );
}
