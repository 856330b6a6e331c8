import { AUTH_MESSAGES, type SessionUser } from '@clinicpay/shared';
import { Link } from 'react-router';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { homeOf } from '../api/session';

/** The 'already signed in' notice of sign-in and sign-up (docs/product.md#account-screens). */
export function AlreadySignedIn({ user }: { user: SessionUser }) {
  return (
    <AuthCard title={AUTH_MESSAGES.alreadySignedIn}>
      <Alert>
        {AUTH_MESSAGES.alreadySignedIn} as {user.email}.
      </Alert>
      <Button asChild className="mt-4 w-full">
        <Link to={homeOf(user)}>Go to your dashboard</Link>
      </Button>
    </AuthCard>
  );
}
