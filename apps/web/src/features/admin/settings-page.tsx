import { ADMIN_MESSAGES } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AdminsCard } from './components/admins-card';
import { FailedNotificationsCard } from './components/failed-notifications-card';
import { PlatformFeeCard } from './components/platform-fee-card';
import { ProviderConnectionsCard } from './components/provider-connections-card';
import { WebhooksCard } from './components/webhooks-card';

/**
 * Admin Settings: the notice, the platform fee with its confirmation and history, Stripe connections,
 * the webhook URLs with the masked signing secret (decision 0098), and the failed notifications with
 * their Retry, and the administrators with the form that invites another (decision 0125).
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
      <AdminsCard />
    </PageFrame>
  );
}
