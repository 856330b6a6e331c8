import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { homeOf, useSession } from './api/session';

/**
 * The auth callback (docs/product.md#account-screens, docs/product.md#auth-callback). ClinicPay's own
 * emails link straight to /verify-email and
 * /reset-password and sessions live in a cookie, so no tokens ever arrive here in the URL hash: a
 * callback carrying an error_description shows it, anything else continues to the user's home or
 * to /sign-in. The card-provider onboarding return (type=stripe_connect) is handled by the payments
 * settings (decision 0043).
 */
export function AuthCallbackPage() {
  useDocumentTitle('Completing Authentication');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const errorDescription = new URLSearchParams(hash.replace(/^#/, '')).get('error_description');

  useEffect(() => {
    if (errorDescription || isLoading) return;
    navigate(user ? homeOf(user) : '/sign-in', { replace: true });
  }, [errorDescription, isLoading, user, navigate]);

  if (!errorDescription) {
    return (
      <AuthCard title="Completing Authentication">
        <Spinner label="Please wait..." />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Authentication Error">
      <Alert tone="error">{errorDescription || 'An error occurred during authentication'}</Alert>
      <Button asChild className="mt-4 w-full">
        <Link to="/sign-in">Back to Sign In</Link>
      </Button>
    </AuthCard>
  );
}
