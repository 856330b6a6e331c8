import { AUTH_MESSAGES, type SignUpRequest, signUpRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input } from '@/components/ui/input';
import { ApiError, serverAnswered } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignUp } from './api/sign-up';
import { GuestOnly } from './components/guest-only';

/** What the sign-up form says when the account details are refused (docs/product.md#messages-accounts). */
const ACCOUNT_DETAILS_PROBLEM = AUTH_MESSAGES.accountDetailsProblem;

const FIELDS = ['clinicName', 'email', 'password', 'confirmPassword', 'agreeTerms'] as const;
const LABELS = {
  clinicName: 'Clinic Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  agreeTerms: 'Terms of Service and Privacy Policy',
};

/** Sign up (docs/product.md#account-screens): clinicName, email, password, confirmPassword and agreeTerms. */
export function SignUpPage() {
  useDocumentTitle('Sign Up');
  return (
    <GuestOnly>
      <SignUpForm />
    </GuestOnly>
  );
}

function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm<SignUpRequest>({
    resolver: zodResolver(signUpRequestSchema),
    defaultValues: {
      clinicName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeTerms: false as true,
    },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, FIELDS, { formId: 'sign-up', labels: LABELS });

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        navigate(`/verify-email?email=${encodeURIComponent(result.email)}`, {
          state: { verificationUrl: result.verificationUrl },
        });
      },
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
          form.setError('root', { message: ACCOUNT_DETAILS_PROBLEM });
        }
        // No answer from the server: the sign-up fallback (docs/product.md#messages-accounts), on the
        // form as well as in the toast.
        if (!serverAnswered(error)) form.setError('root', { message: error.message });
        toast.error(error.message);
      },
    }),
  );

  return (
    <AuthCard title="Create your account" description="Start collecting payments for your clinic">
      <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField name="clinicName" label="Clinic Name">
          <Input autoComplete="organization" {...form.register('clinicName')} />
        </FormField>
        <FormField name="email" label="Email">
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField name="password" label="Password">
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField name="confirmPassword" label="Confirm Password">
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <FormField
          name="agreeTerms"
          inline
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" className="text-brand-700 underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="text-brand-700 underline">
                Privacy Policy
              </Link>
            </>
          }
        >
          <Checkbox {...form.register('agreeTerms')} />
        </FormField>
        <Button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Sign Up'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/sign-in" className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
