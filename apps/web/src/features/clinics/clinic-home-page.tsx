import { CLINIC_MESSAGES, isProfileComplete } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
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
  // Settings are the owner's (decision 0121): the others are not sent to a page they cannot open.
  const mayManage = useCan('manage');
  const pending = clinic.isPending || loading;
  return (
    <PageFrame
      title="Dashboard"
      // A blank line keeps the welcome's place until the clinic loads, so the page below does not move.
      description={clinic.data ? `Welcome, ${clinic.data.clinicName ?? 'your clinic'}.` : '\u00a0'}
    >
      {/*
        Laid out but invisible while loading (visibility: hidden, so also out of the accessibility tree
        and the tab order): every card's data loads at once, charts can measure their width, and when
        the page is shown nothing moves. The spinner sits over it, taking no room of its own.
      */}
      <div className="relative">
        {pending ? (
          <div className="absolute inset-x-0 top-0 z-10">
            <Spinner label="Loading..." />
          </div>
        ) : null}
        <div className={cn('flex flex-col gap-6', pending && 'invisible')} aria-busy={pending}>
          {clinic.data && needsAttention(clinic.data) ? (
            <ProviderAccountNotice clinic={clinic.data} headingLevel="h2" />
          ) : null}
          {clinic.data && !isProfileComplete(clinic.data) && mayManage ? (
            <Alert>
              {CLINIC_MESSAGES.incompleteProfile}{' '}
              <Link to="/dashboard/settings?tab=profile" className="font-medium underline">
                Complete your profile
              </Link>
            </Alert>
          ) : null}
          {children}
        </div>
      </div>
    </PageFrame>
  );
}
