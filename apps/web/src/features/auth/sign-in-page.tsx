import { type SignInRequest, signInRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { rememberPendingVerification } from '@/lib/browser-storage';
import { useFormErrors } from '@/lib/form-errors';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { homeOf } from './api/session';
import { UnverifiedAccountError, useSignIn } from './api/sign-in';
import { GuestOnly } from './components/guest-only';

/** Sign in (docs/product.md#account-screens): email, password, Forgot password, and a link to sign up. */
export function SignInPage() {
  useDocumentTitle('Sign In');
  return (
    <GuestOnly>
      <SignInForm />
    </GuestOnly>
  );
}

function SignInForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    // ?email= fills the address in, as the Join page sends a new team member here.
    defaultValues: { email: params.get('email') ?? '', password: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['email', 'password'], { formId: 'sign-in' });

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (result) => {
        const wanted = safeRedirectPath(params.get('redirectTo'));
        if (!('user' in result)) {
          // The second step (decision 0122), carrying where the user was going.
          toast.info(result.message);
          navigate(`/sign-in/two-factor${wanted ? `?redirectTo=${encodeURIComponent(wanted)}` : ''}`);
          return;
        }
        toast.success(result.message);
        const home = homeOf(result.user);
        navigate(wanted?.startsWith(home) ? wanted : home, { replace: true });
      },
      onError: (error) => {
        if (error instanceof UnverifiedAccountError) {
          rememberPendingVerification(error.email, error.userId);
          toast.error(error.message);
          navigate(`/verify-email?email=${encodeURIComponent(error.email)}`);
          return;
        }
        if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
          // Wrong email or password: the one message, tied to both fields, and focus on the first.
          form.setError('email', { message: error.message });
          form.setError('password', { message: error.message });
          errors.focusFirstInvalid();
          return;
        }
        form.setError('root', { message: error.message });
      },
    }),
  );

  return (
    <AuthCard title="Sign in" description="Sign in to your ClinicPay account">
      <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField name="email" label="Email">
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField name="password" label="Password">
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Link to="/forgot-password" className="self-end text-sm text-brand-700 underline">
          Forgot password?
        </Link>
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Don't have an account?{' '}
          <Link to="/sign-up" className="font-medium text-brand-700 underline">
            Sign up
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
