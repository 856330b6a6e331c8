/**
 * /sign-in/two-factor: the second step of signing in (decision 0122). The 6-digit code from the
 * authenticator app, or one of the recovery codes, which works once. A sign-in that took too long goes
 * back to the first step.
 */
import { type TwoFactorSignInRequest, twoFactorSignInRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { homeOf } from './api/session';
import { useTwoFactorSignIn } from './api/two-factor';

type Method = TwoFactorSignInRequest['method'];

export function TwoFactorSignInPage() {
  useDocumentTitle('Two-factor sign-in');
  const [method, setMethod] = useState<Method>('totp');
  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        method === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows for ClinicPay.'
          : 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
      }
    >
      <CodeForm key={method} method={method} />
      <Button
        variant="ghost"
        className="mt-4 w-full"
        onClick={() => setMethod(method === 'totp' ? 'recovery' : 'totp')}
      >
        {method === 'totp' ? 'Use a recovery code instead' : 'Use my authenticator app instead'}
      </Button>
    </AuthCard>
  );
}

function CodeForm({ method }: { method: Method }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useTwoFactorSignIn();
  const form = useForm<TwoFactorSignInRequest>({
    resolver: zodResolver(twoFactorSignInRequestSchema),
    defaultValues: { method, code: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['code'], { formId: 'two-factor' });
  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (result) => {
        if (!('user' in result)) return;
        toast.success(result.message);
        const wanted = safeRedirectPath(params.get('redirectTo'));
        const home = homeOf(result.user);
        navigate(wanted?.startsWith(home) ? wanted : home, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_EXPIRED') {
          toast.error(error.message);
          navigate('/sign-in', { replace: true });
          return;
        }
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_INVALID') {
          form.setError('code', { message: error.message });
          errors.focusFirstInvalid();
          return;
        }
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
      {method === 'totp' ? (
        <FormField name="code" label="Authentication code">
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...form.register('code')} />
        </FormField>
      ) : (
        <FormField name="code" label="Recovery code">
          <Input autoComplete="off" autoCapitalize="off" spellCheck={false} {...form.register('code')} />
        </FormField>
      )}
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Checking...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Lost your phone and your codes? Ask your clinic's owner or{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          contact us
        </Link>
        .
      </p>
    </Form>
  );
}
