import { CLINIC_MESSAGES, isProfileComplete } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClinic } from './api/get-clinic';
import { needsAttention, ProviderAccountNotice } from './components/provider-account-notice';

/**
 * /dashboard: the clinic's home. First, when the card provider needs something from the clinic or
 * ClinicPay turned its payments off, the banner saying what and by when (decisions 0080, 0081); then
 * the incomplete-profile banner. The app composes other features' cards into it (children); statistics,
 * the Launch Pad and payments join with their issues.
 */
export function ClinicHomePage({ children }: { children?: ReactNode }) {
  useDocumentTitle('Dashboard');
  const clinic = useClinic();
  return (
    <PageFrame
      title="Dashboard"
      description={clinic.data ? `Welcome, ${clinic.data.clinicName ?? 'your clinic'}.` : undefined}
    >
      {clinic.isPending ? <Spinner label="Loading..." /> : null}
      {clinic.data && needsAttention(clinic.data) ? (
        <ProviderAccountNotice clinic={clinic.data} headingLevel="h2" />
      ) : null}
      {clinic.data && !isProfileComplete(clinic.data) ? (
        <Alert>
          {CLINIC_MESSAGES.incompleteProfile}{' '}
          <Link to="/dashboard/settings?tab=profile" className="font-medium underline">
            Complete your profile
          </Link>
        </Alert>
      ) : null}
      {children}
    </PageFrame>
  );
}
