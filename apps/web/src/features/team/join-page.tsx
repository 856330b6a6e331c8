/**
 * /join?token=: the page a team invitation opens (decision 0121). It names the clinic, the address and
 * the role; a new address chooses its name and password, an existing account gives its password. After
 * joining, the person signs in. A link used, withdrawn, expired or never issued says which. The server
 * checks the link as it answers the page (decision 0134); where it has not, the page asks.
 */
import {
  type AcceptWithAccount,
  type AcceptWithNewAccount,
  acceptWithAccountSchema,
  acceptWithNewAccountSchema,
  CLINIC_ROLE_LABELS,
  INVITATION_REFUSALS,
  type InvitationPreview,
  TEAM_MESSAGES,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverAnswered } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useServedInvitation } from '@/lib/served-link-state';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview } from './api/invitation';

const UNABLE = 'We could not check this invitation. Please try again.';

export function JoinPage() {
  useDocumentTitle('Join your team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // What the server found checking this link as it answered the page (decision 0134): nothing to ask.
  const served = useServedInvitation();
  const preview = useInvitationPreview(served ? '' : token);

  if (!token) return <Refused message={TEAM_MESSAGES.invitationNotFound} signIn={false} />;
  if (served && 'refusal' in served) return <Refused message={INVITATION_REFUSALS[served.refusal]} />;
  if (served) return <JoinForm token={token} invitation={served.preview} />;
  if (preview.isPending) {
    return (
      <AuthCard title="Join your team">
        <Spinner label="Checking your invitation..." />
      </AuthCard>
    );
  }
  if (preview.isError) {
    return <Refused message={serverAnswered(preview.error) ? preview.error.message : UNABLE} />;
  }
  return <JoinForm token={token} invitation={preview.data} />;
}

/** Why the link cannot be used, with the way to Sign In unless there was no link at all. */
function Refused({ message, signIn = true }: { message: string; signIn?: boolean }) {
  return (
    <AuthCard title="Join your team">
      {signIn ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{message}</Alert>
          <Button asChild variant="outline">
            <Link to="/sign-in">Go to Sign In</Link>
          </Button>
        </div>
      ) : (
        <Alert tone="error">{message}</Alert>
      )}
    </AuthCard>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const role = CLINIC_ROLE_LABELS[invitation.role];
  return (
    <AuthCard
      title={`Join ${invitation.clinicName}`}
      description={`You are invited to ${invitation.clinicName}'s team on ClinicPay as ${role}, with ${invitation.email}.`}
    >
      {invitation.accountExists ? (
        <ExistingAccount token={token} email={invitation.email} />
      ) : (
        <NewAccount token={token} email={invitation.email} />
      )}
    </AuthCard>
  );
}

/** After joining: the message, then Sign In with the address filled in. */
function useJoined() {
  const navigate = useNavigate();
  return (message: string, email: string) => {
    toast.success(message);
    navigate(`/sign-in?email=${encodeURIComponent(email)}`, { replace: true });
  };
}

function NewAccount({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvitation();
  const joined = useJoined();
  const form = useForm<AcceptWithNewAccount>({
    resolver: zodResolver(acceptWithNewAccountSchema),
    defaultValues: { account: 'new', token, name: '', password: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['name', 'password', 'confirmPassword'], { formId: 'join' });
  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onSuccess: (result) => joined(result.message, email),
      onError: (error) => {
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField name="name" label="Your name">
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField name="password" label="Password" hint="At least 8 characters">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField name="confirmPassword" label="Confirm Password">
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={accept.isPending}>
        {accept.isPending ? 'Joining...' : 'Join the team'}
      </Button>
    </Form>
  );
}

function ExistingAccount({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvitation();
  const joined = useJoined();
  const form = useForm<AcceptWithAccount>({
    resolver: zodResolver(acceptWithAccountSchema),
    defaultValues: { account: 'existing', token, password: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['password'], { formId: 'join' });
  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onSuccess: (result) => joined(result.message, email),
      onError: (error) => {
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        You already have a ClinicPay account. Enter its password to join.
      </p>
      <FormField name="password" label="Password">
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={accept.isPending}>
        {accept.isPending ? 'Joining...' : 'Join the team'}
      </Button>
    </Form>
  );
}
