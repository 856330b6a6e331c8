import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '../api/session';
import { AlreadySignedIn } from './already-signed-in';

/**
 * Sign-in and sign-up show their form only to signed-out visitors (the 'already signed in' notice of
 * docs/product.md#account-screens).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner label="Loading..." className="justify-center py-24" />;
  if (user) return <AlreadySignedIn user={user} />;
  return children;
}
