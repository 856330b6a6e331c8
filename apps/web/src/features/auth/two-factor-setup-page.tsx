/**
 * /two-factor-setup: where an account that must use two-factor sign-in (an admin, or a member of a
 * clinic that requires it) is sent until it has set it up (decision 0122). Nothing else opens until then.
 */
import { TWO_FACTOR_MESSAGES } from '@clinicpay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getSession, homeOf, sessionKeys, useSession } from './api/session';
import { useSignOut } from './api/sign-out';
import { TwoFactorSetup } from './components/two-factor-setup';

export function TwoFactorSetupPage() {
  useDocumentTitle('Set up two-factor sign-in');
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  if (isLoading) return <Spinner label="Loading..." className="justify-center py-24" />;
  if (!user) return <Navigate to="/sign-in" replace />;
  return (
    <AuthCard
      title="Set up two-factor sign-in"
      description={
        user.role === 'admin'
          ? 'Platform administrators sign in with a code from an app on their phone as well as a password.'
          : 'Your clinic asks everyone on its team to sign in with a code from an app on their phone as well as a password.'
      }
    >
      <TwoFactorSetup
        onDone={async () => {
          toast.success(TWO_FACTOR_MESSAGES.turnedOn);
          // The renewed session, read before leaving, so the guards see two-factor sign-in on.
          const session = await getSession();
          queryClient.setQueryData(sessionKeys.current, session);
          navigate(session.user ? homeOf(session.user) : '/sign-in', { replace: true });
        }}
      />
      <Button variant="ghost" className="mt-4 w-full" onClick={() => signOut.mutate()}>
        Sign out
      </Button>
    </AuthCard>
  );
}
