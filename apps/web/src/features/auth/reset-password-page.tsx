import {
  AUTH_MESSAGES,
  type ErrorCode,
  RESET_LINK_REFUSALS,
  type ResetPasswordRequest,
  resetPasswordRequestSchema,
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
import { useServedLinkState } from '@/lib/served-link-state';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetPassword, useResetTokenCheck } from './api/reset-password';

const REDIRECT_AFTER_RESET_MS = 2000;
const REQUEST_NEW_LINK = AUTH_MESSAGES.requestNewLink;
const UNABLE_TO_VERIFY = `Unable to verify your reset token. ${REQUEST_NEW_LINK}`;
/** The server refused the link itself: a token it does not know or accept, or one not even well formed. */
const LINK_REFUSED = new Set<ErrorCode>(['INVALID_TOKEN', 'VALIDATION_FAILED', 'BAD_REQUEST']);

/**
 * Verification and reset messages (docs/product.md#messages-verification): a refused link reads
 * 'Invalid reset token. Please request a new password reset link.' (the server's reason, so an expired
 * link says so), and a check that could not be made reads 'Unable to verify your reset token. ...'.
 */
export function resetCheckMessage(error: unknown): string {
  if (!serverAnswered(error)) return UNABLE_TO_VERIFY;
  if (LINK_REFUSED.has(error.code)) return `${error.message}. ${REQUEST_NEW_LINK}`;
  if (error.code === 'RATE_LIMITED') return error.message;
  return UNABLE_TO_VERIFY;
}

/**
 * The Reset password screen (docs/product.md#account-screens): missing, checking, invalid or expired,
 * and valid ('Set new password').
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const userId = params.get('userId');
  // Checked by the server as it answered this address (decision 0130): not checked again.
  const served = useServedLinkState();
  const check = useResetTokenCheck(token && userId && !served ? { token, userId } : null);

  if (!token || !userId) {
    return (
      <AuthCard title="Reset password">
        <InvalidLink message={AUTH_MESSAGES.resetMissing} />
      </AuthCard>
    );
  }
  if (served === 'valid') return <NewPasswordForm token={token} userId={userId} />;
  if (served) {
    return (
      <AuthCard title="Reset password">
        <InvalidLink message={`${RESET_LINK_REFUSALS[served]}. ${REQUEST_NEW_LINK}`} />
      </AuthCard>
    );
  }
  if (check.isPending) {
    return (
      <AuthCard title="Reset password">
        <Spinner label="Checking your reset link..." />
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title="Reset password">
        <InvalidLink message={resetCheckMessage(check.error)} />
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} userId={userId} />;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{message}</Alert>
      <Button asChild>
        <Link to="/forgot-password">Go to Forgot Password</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, userId }: { token: string; userId: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, userId, password: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['password', 'confirmPassword'], { formId: 'reset-password' });

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        setTimeout(() => navigate('/sign-in', { replace: true }), REDIRECT_AFTER_RESET_MS);
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
        toast.error(error.message);
      },
    }),
  );

  return (
    <AuthCard title="Set new password">
      {reset.isSuccess ? (
        <Alert tone="success">{reset.data.message}</Alert>
      ) : (
        <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField name="password" label="New Password">
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField name="confirmPassword" label="Confirm New Password">
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
