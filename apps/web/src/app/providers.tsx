import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { SESSION_QUERY_KEY } from '@/features/auth/api/session-key';
import { ApiError } from '@/lib/api-client';
import { forgetPendingVerification } from '@/lib/browser-storage';
import { retryUnlessRefused } from '@/lib/query-retry';

/**
 * The app's query cache. A read the server refused is not asked again (lib/query-retry.ts). The
 * signed-out event (docs/product.md#states-account): when any call finds the session gone, the
 * browser forgets what it kept and the guards send the user to /sign-in. A call refused until two-factor
 * sign-in is set up reads the session again, so the guards send the user to set it up.
 */
function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessRefused } },
    queryCache: new QueryCache({ onError: (error) => onSignedOut(error) }),
    mutationCache: new MutationCache({ onError: (error) => onSignedOut(error) }),
  });
  function onSignedOut(error: unknown) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED') {
      forgetPendingVerification();
      client.setQueryData(SESSION_QUERY_KEY, { user: null });
    }
    // The owner has just required two-factor sign-in (decision 0122): the session is read again, and the
    // guards send the user to set it up.
    if (error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED')
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }
  return client;
}

/**
 * App-wide providers: the query cache and the toaster. `signedOut`: it is already known that no one is
 * signed in (the public site's HTML says so, app/site-app.tsx), so the session starts as signed out
 * instead of being asked for.
 */
export function Providers({ children, signedOut = false }: { children: ReactNode; signedOut?: boolean }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (signedOut) client.setQueryData(SESSION_QUERY_KEY, { user: null });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Below the 64 px header on every screen, so a toast never hides the menu or the brand. */}
      <Toaster richColors position="top-right" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />
    </QueryClientProvider>
  );
}
