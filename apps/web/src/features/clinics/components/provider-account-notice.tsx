import {
  type Clinic,
  PROVIDER_ACCOUNT_MESSAGES,
  PROVIDER_MESSAGES,
  requirementLabels,
  TEAM_MESSAGES,
} from '@clinicpay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useCan } from '@/lib/permissions';
import { clinicKeys } from '../api/get-clinic';
import { useUpdateProviderDetails } from '../api/update-provider-details';

type HeadingLevel = 'h2' | 'h3' | 'h4';

/**
 * Whether the clinic's home shows the notice: the provider needs something to keep (or resume) the
 * clinic's payments, or ClinicPay turned them off (decisions 0080, 0081).
 */
export function needsAttention(clinic: Clinic): boolean {
  return (
    clinic.paymentsTurnedOff ||
    clinic.stripeStatus === 'action_needed' ||
    clinic.stripeStatus === 'restricted'
  );
}

/**
 * What the clinic's provider account calls for, in one notice, shared by Settings → Payments and the
 * dashboard's banner: payments turned off by ClinicPay (with the way to contact us; it outranks the
 * status, as the clinic can do nothing with the provider until restored, decision 0081); onboarding to
 * finish; details being checked; details the provider asks for, by when, with Update details (action
 * needed, restricted); or the account closed by the provider (decision 0080). Nothing otherwise.
 * `headingLevel` fits the notice's title into the page's headings.
 */
export function ProviderAccountNotice({
  clinic,
  headingLevel,
}: {
  clinic: Clinic;
  headingLevel: HeadingLevel;
}) {
  if (clinic.paymentsTurnedOff) return <TurnedOffNotice headingLevel={headingLevel} />;
  switch (clinic.stripeStatus) {
    case 'pending':
      return <Alert>{PROVIDER_MESSAGES.pending}</Alert>;
    case 'verifying':
      return <Alert>{PROVIDER_ACCOUNT_MESSAGES.verifying}</Alert>;
    case 'action_needed':
      return (
        <Alert tone="warning">
          <p>
            {PROVIDER_ACCOUNT_MESSAGES.actionNeeded(
              clinic.requirementsDeadline ? formatLongDate(clinic.requirementsDeadline) : null,
            )}
          </p>
          <RequirementsDue requirements={clinic.requirementsDue} />
          <UpdateDetailsButton />
        </Alert>
      );
    case 'restricted':
      return (
        <Alert tone="error">
          <p>{PROVIDER_ACCOUNT_MESSAGES.restricted}</p>
          <RequirementsDue requirements={clinic.requirementsDue} />
          <UpdateDetailsButton />
        </Alert>
      );
    case 'rejected':
      return <Alert tone="error">{PROVIDER_ACCOUNT_MESSAGES.rejected}</Alert>;
    default:
      return null;
  }
}

/** Decision 0081: ClinicPay turned the clinic's card payments off; it cannot reconnect until restored. */
function TurnedOffNotice({ headingLevel: Heading }: { headingLevel: HeadingLevel }) {
  return (
    <Alert tone="error">
      <Heading className="text-base font-semibold">{PROVIDER_ACCOUNT_MESSAGES.turnedOffTitle}</Heading>
      <p className="mt-1">{PROVIDER_ACCOUNT_MESSAGES.turnedOff}</p>
      <Link to="/contact" className="mt-2 inline-block font-medium underline">
        {PROVIDER_ACCOUNT_MESSAGES.contactUs}
      </Link>
    </Alert>
  );
}

/** The provider's requirements in plain English, each once. */
function RequirementsDue({ requirements }: { requirements: string[] }) {
  const labels = requirementLabels(requirements);
  if (labels.length === 0) return null;
  return (
    <>
      <p className="mt-2 font-medium">{PROVIDER_ACCOUNT_MESSAGES.due}</p>
      <ul className="mt-1 list-disc pl-5">
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * Sends the browser to the provider's form for what it asks for: the owner's (decision 0121); the
 * other roles are told so. Refused because the account went or
 * payments were turned off meanwhile, the clinic is read again so the page shows why.
 */
function UpdateDetailsButton() {
  const mayManage = useCan('manage');
  if (!mayManage) return <p className="mt-2">{TEAM_MESSAGES.askOwner}</p>;
  return <UpdateDetails />;
}

function UpdateDetails() {
  const update = useUpdateProviderDetails();
  const queryClient = useQueryClient();
  const onClick = () =>
    update.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        toast.error(PROVIDER_ACCOUNT_MESSAGES.updateFailed(error.message));
        if (
          error instanceof ApiError &&
          (error.code === 'PAYMENTS_TURNED_OFF' || error.code === 'NO_PROVIDER_ACCOUNT')
        ) {
          void queryClient.invalidateQueries({ queryKey: clinicKeys.current });
        }
      },
    });
  return (
    <Button type="button" size="sm" className="mt-3" onClick={onClick} disabled={update.isPending}>
      {PROVIDER_ACCOUNT_MESSAGES.updateDetails}
    </Button>
  );
}
