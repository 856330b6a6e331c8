/**
 * /sign-in/continue?token=: the link emailed after too many failed sign-ins (decision 0124). A button,
 * not an automatic call, uses it up, so a mail scanner that opens links cannot; then the user signs in.
 */
import { messageResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ContinueSignInPage() {
  useDocumentTitle('Continue signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const use = useMutation({
    mutationFn: () =>
      apiRequest('/auth/sign-in/continue', {
        method: 'POST',
        body: { token },
        schema: messageResponseSchema,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      navigate('/sign-in', { replace: true });
    },
  });
  return (
    <AuthCard
      title="Continue signing in"
      description="Someone tried to sign in to your account with the wrong password several times. Continue, then sign in with your password."
    >
      <div className="flex flex-col gap-4">
        {use.isError ? <Alert tone="error">{use.error.message}</Alert> : null}
        {use.isError ? (
          <Button asChild variant="outline">
            <Link to="/sign-in">Go to Sign In</Link>
          </Button>
        ) : (
          <Button onClick={() => use.mutate()} disabled={use.isPending || !token}>
            {use.isPending ? 'Checking...' : 'Continue'}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
