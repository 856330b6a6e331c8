import { ADMIN_MESSAGES } from '@clinicpay/shared';
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
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Admin Settings</h1>
      <Alert>{ADMIN_MESSAGES.settingsNotice}</Alert>
      <PlatformFeeCard />
      <ProviderConnectionsCard />
      <WebhooksCard />
      <FailedNotificationsCard />
    </div>
  );
}
