import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth/api/session';
import { AuthCallbackPage } from '@/features/auth/auth-callback-page';
import { ProviderCallback } from '@/features/clinics/provider-callback';

/**
 * The auth callback: type=stripe_connect finishes card-provider onboarding (docs/decisions/0080-account-status.md);
 * anything else is auth.
 * Who is signed in is asked at once, as the page's HTML preloads it (http/page-preloads.ts): the clinic
 * area the provider callback leads to reads it, so it is ready there and the preload is never wasted.
 */
export default function AuthCallbackRoute() {
  const [params] = useSearchParams();
  useSession();
  return params.get('type') === 'stripe_connect' ? <ProviderCallback /> : <AuthCallbackPage />;
}
