/**
 * Route guarding (docs/product.md#route-guarding, docs/product.md#roles): signed-out users go to
 * /sign-in carrying where they were going; a non-admin on an admin page goes to /dashboard; an admin on
 * a clinic page goes to /admin; an account that must set up two-factor sign-in goes to its setup
 * (decision 0122). The server enforces the same rules on every API call; this only decides
 * what the browser shows.
 */
import type { UserRole } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { homeOf, useSession } from '@/features/auth/api/session';

export function RequireRole({ allowed, children }: { allowed: UserRole; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner label="Loading..." className="justify-center py-24" />;
  if (!user) {
    const redirectTo = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/sign-in?redirectTo=${redirectTo}`} replace />;
  }
  if (user.role !== allowed || user.twoFactorSetupRequired) return <Navigate to={homeOf(user)} replace />;
  return children;
}
