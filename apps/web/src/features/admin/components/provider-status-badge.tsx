import type { AdminClinicRow } from '@clinicpay/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const STATUS: Record<AdminClinicRow['stripeStatus'], { label: string; tone: BadgeTone }> = {
  connected: { label: 'Connected', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  not_connected: { label: 'Not Connected', tone: 'grey' },
  suspended: { label: 'Suspended', tone: 'grey' },
};

/** Spec §4 badge colours, always with the status in words. */
export function ProviderStatusBadge({ status }: { status: AdminClinicRow['stripeStatus'] }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
