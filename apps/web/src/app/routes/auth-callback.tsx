import { useSearchParams } from 'react-router';
import { AuthCallbackPage } from '@/features/auth/auth-callback-page';
import { ProviderCallback } from '@/features/clinics/provider-callback';

/** Spec §4 "Auth callback": type=stripe_connect finishes card-provider onboarding; anything else is auth. */
export default function AuthCallbackRoute() {
  const [params] = useSearchParams();
  return params.get('type') === 'stripe_connect' ? <ProviderCallback /> : <AuthCallbackPage />;
}
