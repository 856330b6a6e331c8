import { PageFrame } from '@/components/layout/page-frame';
import { SecurityPanel } from '@/features/auth/security-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /dashboard/security: a team member's own password, for those whose role has no Settings (the owner
 * finds the same under Settings → Security; decision 0121).
 */
export default function ClinicSecurityRoute() {
  useDocumentTitle('Security');
  return (
    <PageFrame title="Security" description="Your password and how you sign in." width="form">
      <SecurityPanel />
    </PageFrame>
  );
}
