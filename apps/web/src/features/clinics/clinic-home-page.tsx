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
 * the incomplete-profile banner. The app composes other features' cards into it (children), and
 * `loading` keeps them hidden, behind one "Loading..." (mounted, so their data loads), until what sits at
 * the top is known.
 */
export function ClinicHomePage({ children, loading = false }: { children?: ReactNode; loading?: boolean }) {
  useDocumentTitle('Dashboard');
  const clinic = useClinic();
  const pending = clinic.isPending || loading;
  return (
    <PageFrame
      title="Dashboard"
      description={clinic.data ? `Welcome, ${clinic.data.clinicName ?? 'your clinic'}.` : undefined}
    >
      {pending ? <Spinner label="Loading..." /> : null}
      {/* Mounted while hidden, so every card's data loads at once; shown together, nothing moves. */}
      <div hidden={pending} className="flex flex-col gap-6">
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
      </div>
    </PageFrame>
  );
}
