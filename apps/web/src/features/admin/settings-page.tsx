import { ADMIN_MESSAGES } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FailedNotificationsCard } from './components/failed-notifications-card';
import { PlatformFeeCard } from './components/platform-fee-card';
import { ProviderConnectionsCard } from './components/provider-connections-card';
import { WebhooksCard } from './components/webhooks-card';

/**
 * Spec §2 "Admin Settings": the notice, the platform fee, Stripe connections and the webhook URLs; with
 * issue #11, the failed notifications and their Retry.
 */
export function AdminSettingsPage() {
  useDocumentTitle('Admin Settings');
  return (
    <PageFrame title="Admin Settings">
      <Alert>{ADMIN_MESSAGES.settingsNotice}</Alert>
      <PlatformFeeCard />
      <ProviderConnectionsCard />
      <WebhooksCard />
      <FailedNotificationsCard />
    </PageFrame>
  );
}
