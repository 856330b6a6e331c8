import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClinic } from './api/get-clinic';
import { NotificationsTab } from './components/notifications-tab';
import { PaymentsTab } from './components/payments-tab';
import { PoliciesTab } from './components/policies-tab';
import { ProfileTab } from './components/profile-tab';
import { RequestsTab } from './components/requests-tab';
import { TermsTab } from './components/terms-tab';

const TABS = [
  'profile',
  'payments',
  'notifications',
  'requests',
  'policies',
  'terms',
  'team',
  'security',
] as const;
type Tab = (typeof TABS)[number];

/** A missing or unknown ?tab= opens profile (docs/product.md#clinic-settings). */
function tabFrom(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'profile';
}

/**
 * /dashboard/settings, its tab kept in ?tab=. The team tab comes from the team feature, the security
 * tab's form from the auth feature.
 */
export function SettingsPage({ securityTab, teamTab }: { securityTab: ReactNode; teamTab: ReactNode }) {
  useDocumentTitle('Settings');
  const [params, setParams] = useSearchParams();
  const clinic = useClinic();
  const tab = tabFrom(params.get('tab'));

  return (
    <PageFrame
      title="Settings"
      description="Manage your clinic profile, payments, notifications, requests, policies, payment terms, team and security."
    >
      {clinic.isPending ? <Spinner label="Loading settings..." /> : null}
      {clinic.isError ? <Alert tone="error">{clinic.error.message}</Alert> : null}
      {clinic.data ? (
        <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="payments">Payments</TabsTrigger>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
            <TabsTrigger value="requests">Requests</TabsTrigger>
            <TabsTrigger value="policies">Policies</TabsTrigger>
            <TabsTrigger value="terms">Terms</TabsTrigger>
            <TabsTrigger value="team">Team</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="mt-4">
            <ProfileTab clinic={clinic.data} />
          </TabsContent>
          <TabsContent value="payments" className="mt-4">
            <PaymentsTab clinic={clinic.data} />
          </TabsContent>
          <TabsContent value="notifications" className="mt-4">
            <NotificationsTab clinic={clinic.data} />
          </TabsContent>
          <TabsContent value="requests" className="mt-4">
            <RequestsTab clinic={clinic.data} />
          </TabsContent>
          <TabsContent value="policies" className="mt-4">
            <PoliciesTab />
          </TabsContent>
          <TabsContent value="terms" className="mt-4">
            <TermsTab />
          </TabsContent>
          <TabsContent value="team" className="mt-4">
            {teamTab}
          </TabsContent>
          <TabsContent value="security" className="mt-4">
            {securityTab}
          </TabsContent>
        </Tabs>
      ) : null}
    </PageFrame>
  );
}
