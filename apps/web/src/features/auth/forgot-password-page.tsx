import { type EmailRequest, emailRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRequestPasswordReset } from './api/reset-password';

/**
 * The Forgot password screen (docs/product.md#account-screens): email, 'Send Reset Instructions', and a
 * confirmation with try again.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const request = useRequestPasswordReset();
  const form = useForm<EmailRequest>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['email'], { formId: 'forgot-password' });

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => {
        // A refused address goes under the field; any other refusal (the rate limit) above the form, and
        // a request that never got an answer in the spec's words (the API client's fallback).
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
        toast.error(error.message);
      },
    }),
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Alert tone="success">{request.data.message}</Alert>
        <p className="mt-4 text-sm text-slate-600">
          If an account exists for {request.variables.email}, the email has a link to set a new password. It
          expires in 1 hour.
        </p>
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => {
            request.reset();
            form.reset();
          }}
        >
          Try again
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" description="Enter your email and we'll send you reset instructions.">
      <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField name="email" label="Email">
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Instructions'}
        </Button>
        <Link to="/sign-in" className="text-center text-sm text-brand-700 underline">
          Back to sign in
        </Link>
      </Form>
    </AuthCard>
  );
}
