import { PROVIDER_STATUS_LABELS, type ProviderStatus } from '@clinicpay/shared';
import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';

/**
 * A clinic's card-provider status as a badge, always with the status in words (the statuses
 * and their tones: docs/decisions/0080-account-status.md).
 */
export function ProviderStatusBadge({
  status,
  ...props
}: Omit<ComponentProps<typeof Badge>, 'tone' | 'children'> & { status: ProviderStatus }) {
  const { label, tone } = PROVIDER_STATUS_LABELS[status];
  return (
    <Badge tone={tone} {...props}>
      {label}
    </Badge>
  );
}
