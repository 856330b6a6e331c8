import { type SessionUser, sessionResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const SESSION_QUERY_KEY = ['session'] as const;

export function getSession() {
  return apiRequest('/auth/session', { schema: sessionResponseSchema });
}

/** The signed-in user (null when signed out); undefined while loading. */
export function useSession(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });
  return { user: query.isError ? null : query.data?.user, isLoading: query.isPending };
}

/** Where a user lands after sign-in: admins on /admin, everyone else on /dashboard (spec §4). */
export function homeOf(user: SessionUser): string {
  return user.role === 'admin' ? '/admin' : '/dashboard';
}
