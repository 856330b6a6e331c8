import { type SignUpRequest, signUpRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignUp } from './api/sign-up';
import { AuthCard } from './components/auth-card';
import { GuestOnly } from './components/guest-only';

/** Spec §8: what the sign-up form says when the account details are refused. */
const ACCOUNT_DETAILS_PROBLEM =
  'There was a problem with your account details. Please try a different email or clinic name.';

/** Spec §2 "Sign up": clinicName, email, password, confirmPassword and agreeTerms. */
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
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        navigate(`/verify-email?email=${encodeURIComponent(result.email)}`, {
          state: { verificationUrl: result.verificationUrl },
        });
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        if (error instanceof ApiError && error.status === 409) {
          form.setError('root', { message: ACCOUNT_DETAILS_PROBLEM });
        }
        toast.error(error.message);
      },
    }),
  );

  const field = (name: 'clinicName' | 'email' | 'password' | 'confirmPassword') => ({
    id: name,
    'aria-invalid': errors[name] ? true : undefined,
    ...form.register(name),
  });

  return (
    <AuthCard title="Create your account" description="Start collecting payments for your clinic">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {errors.root ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        ) : null}
        <FormField id="clinicName" label="Clinic Name" error={errors.clinicName?.message}>
          <Input autoComplete="organization" {...field('clinicName')} />
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...field('password')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
        </FormField>
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...form.register('agreeTerms')} />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="text-brand-700 hover:underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className="text-brand-700 hover:underline">
                Privacy Policy
              </Link>
            </span>
          </label>
          {errors.agreeTerms ? <p className="text-sm text-red-600">{errors.agreeTerms.message}</p> : null}
        </div>
        <Button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Sign Up'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/sign-in" className="text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
