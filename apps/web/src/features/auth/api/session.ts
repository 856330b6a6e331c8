import { type SessionUser, sessionResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './session-key';

export { sessionKeys } from './session-key';

export function getSession() {
  return apiRequest('/auth/session', { schema: sessionResponseSchema });
}

/** The signed-in user (null when signed out); undefined while loading. */
export function useSession(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const query = useQuery({ queryKey: sessionKeys.current, queryFn: getSession, staleTime: 60_000 });
  return { user: query.isError ? null : query.data?.user, isLoading: query.isPending };
}

/**
 * Where a user lands after sign-in: admins on /admin, everyone else on /dashboard
 * (docs/product.md#route-guarding); an account that must set up two-factor sign-in first, on its setup
 * (decision 0122).
 */
export function homeOf(user: SessionUser): string {
  if (user.twoFactorSetupRequired) return TWO_FACTOR_SETUP_PATH;
  return user.role === 'admin' ? '/admin' : '/dashboard';
}

/** Where an account that must use two-factor sign-in sets it up before anything else. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
