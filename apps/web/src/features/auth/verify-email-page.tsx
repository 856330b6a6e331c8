import { AUTH_MESSAGES, type EmailRequest, emailRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { forgetPendingVerification, pendingVerificationEmail } from '@/lib/browser-storage';
import { useFormErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { homeOf, useSession } from './api/session';
import { useResendVerification, useVerifyEmail } from './api/verify-email';

const REDIRECT_AFTER_VERIFY_MS = 2000;

/**
 * The Verify email screen (docs/product.md#account-screens, docs/product.md#states-account): verifies
 * on its own when the link's token and userId are in the query, then offers Sign in (and goes there);
 * otherwise, or when the link is refused, explains what to do, offers a resend, and (outside production
 * only, when the server sent it) shows the verification link for testing. A verified account is never
 * told to check its spam folder.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const userId = params.get('userId');
  const [refused, setRefused] = useState(false);

  if (isLoading) return <Spinner label="Loading..." className="justify-center py-24" />;
  // With an existing session it goes to the user's dashboard (docs/product.md#states-account).
  if (user) return <Navigate to={homeOf(user)} replace />;
  const verifying = Boolean(token && userId) && !refused;
  return (
    <AuthCard
      title="Verify your email"
      description={
        verifying
          ? 'Confirming your email address.'
          : 'Check your inbox and spam folder for the verification link.'
      }
    >
      {token && userId ? (
        <AutomaticVerification token={token} userId={userId} onRefused={() => setRefused(true)} />
      ) : null}
      {verifying ? null : (
        <ResendVerification defaultEmail={params.get('email') ?? pendingVerificationEmail() ?? ''} />
      )}
    </AuthCard>
  );
}

function AutomaticVerification({
  token,
  userId,
  onRefused,
}: {
  token: string;
  userId: string;
  onRefused: () => void;
}) {
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(
      { token, userId },
      {
        onSuccess: () => {
          forgetPendingVerification();
          setTimeout(() => navigate('/sign-in', { replace: true }), REDIRECT_AFTER_VERIFY_MS);
        },
        onError: onRefused,
      },
    );
  }, [token, userId, verify, navigate, onRefused]);

  if (verify.isSuccess)
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{verify.data.message}</Alert>
        <Button asChild>
          <Link to="/sign-in" replace>
            Sign in
          </Link>
        </Button>
      </div>
    );
  if (verify.isError) return <Alert tone="error">{verify.error.message}</Alert>;
  return <Spinner label="Verifying your email..." />;
}

function ResendVerification({ defaultEmail }: { defaultEmail: string }) {
  const resend = useResendVerification();
  const location = useLocation();
  const [testLink, setTestLink] = useState<string | undefined>(
    (location.state as { verificationUrl?: string } | null)?.verificationUrl,
  );
  const form = useForm<EmailRequest>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: defaultEmail },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['email'], { formId: 'resend', idPrefix: 'resend-' });

  const onSubmit = form.handleSubmit((values) =>
    resend.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        if (result.verificationUrl) setTestLink(result.verificationUrl);
      },
      onError: (error) => toast.error(error.message || AUTH_MESSAGES.verificationSendFailed),
    }),
  );

  return (
    <div className="mt-6 flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        We sent a verification link to your email address. Open it to activate your account. If it has not
        arrived, check your spam folder or send it again.
      </p>
      {testLink ? (
        <Alert>
          <p className="font-medium">Test only: verification link</p>
          <a href={testLink} className="break-all text-brand-700 underline" data-testid="verification-link">
            {testLink}
          </a>
        </Alert>
      ) : null}
      <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-3">
        <FormField name="email" label="Email">
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" variant="outline" disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
      </Form>
      <Link to="/sign-in" className="text-center text-sm text-brand-700 underline">
        Back to sign in
      </Link>
    </div>
  );
}
