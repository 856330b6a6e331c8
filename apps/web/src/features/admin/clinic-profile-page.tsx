import { ADMIN_MESSAGES, FIGURE_TEXTS, formatPence } from '@clinicpay/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminClinic } from './api/get-admin-clinic';
import { ClinicAccessCard } from './components/clinic-access-card';
import { ClinicAuditCard, ClinicLinksCard, ClinicPaymentsCard } from './components/clinic-activity';
import { clinicNameOf } from './components/clinic-avatar';
import { ClinicInfoCard } from './components/clinic-info-card';
import { CloseAccountAction } from './components/close-account-action';
import { StatCard } from './components/stat-card';

const backLink = (
  <Button asChild variant="outline" size="sm">
    <Link to="/admin/clinics">
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Clinics
    </Link>
  </Button>
);

/** The error state: titled Error, 'Could not load clinic profile', 'Clinic data not found...'. */
function ProfileError() {
  return (
    <PageFrame title={ADMIN_MESSAGES.profileErrorHeading} actions={backLink}>
      <div role="alert" className="max-w-3xl rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        {ADMIN_MESSAGES.profileErrorMessage}
      </div>
    </PageFrame>
  );
}

/**
 * The admin's clinic profile: cards, information (with 'Payments turned off' and the clinic's own
 * provider account, which can be closed: decision 0081), the clinic's sign-in with Suspend or Reactivate
 * and, while its invitation is unused, Resend invitation (decision 0125), first 5 payments, links with
 * usage, audit.
 */
export function ClinicProfilePage() {
  const { clinicId = '' } = useParams();
  const profile = useAdminClinic(clinicId);
  const name = profile.data ? clinicNameOf(profile.data.clinic.clinicName) : 'Clinic';
  useDocumentTitle(profile.isError ? ADMIN_MESSAGES.profileErrorTitle : name);
  if (profile.isPending) return <Spinner label="Loading clinic..." className="justify-center py-24" />;
  if (profile.isError) return <ProfileError />;
  const { clinic, stats, recentPayments, links, audit } = profile.data;

  return (
    <PageFrame title={name} actions={backLink}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Clinic statistics">
        <li>
          <StatCard
            title="Total Payments"
            value={formatPence(stats.net)}
            detail={`${FIGURE_TEXTS.paymentCount(stats.count)}. ${FIGURE_TEXTS.netOfGross(stats)}`}
          />
        </li>
        <li>
          <StatCard
            title="Total Refunds"
            value={formatPence(stats.refunds)}
            detail={FIGURE_TEXTS.refunded(stats.refundCount)}
          />
        </li>
        <li>
          <StatCard
            title="Platform Fees"
            value={formatPence(stats.platformFees)}
            detail={FIGURE_TEXTS.platformFees(stats)}
          />
        </li>
        <li>
          <StatCard
            title="Average Payment"
            value={formatPence(stats.averagePayment)}
            detail={FIGURE_TEXTS.averagePayment}
          />
        </li>
      </ul>
      <ClinicInfoCard clinic={clinic} accountAction={<CloseAccountAction clinic={clinic} />} />
      <ClinicAccessCard clinic={clinic} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ClinicPaymentsCard payments={recentPayments} />
        <ClinicLinksCard links={links} />
      </div>
      <ClinicAuditCard clinicId={clinic.id} entries={audit} />
    </PageFrame>
  );
}
