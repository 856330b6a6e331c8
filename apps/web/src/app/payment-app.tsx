/**
 * The patient payment pages as an app of their own, for payment.html (src/payment-main.tsx): the
 * three pages of the site's router (app/router.tsx) with the same layout, skip link and error page,
 * under React Router's declarative routes, a query cache and the toaster, and nothing of the rest of
 * the site (decision 0114). An address outside the payment pages (the error page's link home) loads the
 * full site.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { SkipLink } from '@/components/layout/skip-link';
import { FailedPage } from '@/features/checkout/failed-page';
import { PaymentPage } from '@/features/checkout/payment-page';
import { SuccessPage } from '@/features/checkout/success-page';
import { PaymentLayout } from './layouts/payment-layout';
import { RootErrorBoundary } from './root';
import { ScrollToTop } from './scroll-to-top';

/** An address outside the payment pages: the full site loads it. */
function ElsewhereInTheSite() {
  const location = useLocation();
  useEffect(() => {
    window.location.assign(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return null;
}

/** The site's 'please reload' page for a page that throws, as the site's router shows it. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RootErrorBoundary /> : this.props.children;
  }
}

/** The page a patient confirms a charge of their saved card on: a chunk of its own, seldom needed. */
const ConfirmChargePage = lazy(async () => ({
  default: (await import('@/features/checkout/confirm-charge-page')).ConfirmChargePage,
}));

/** The payment pages; give it a router (BrowserRouter in payment-main.tsx, a memory router in tests). */
export function PaymentApp() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <PageErrorBoundary>
        <ScrollToTop />
        <SkipLink />
        <Routes>
          <Route path="payment" element={<PaymentLayout />}>
            <Route index element={<PaymentPage />} />
            <Route path="success" element={<SuccessPage />} />
            <Route path="failed" element={<FailedPage />} />
            <Route
              path="confirm-charge/:chargeId"
              element={
                <Suspense fallback={null}>
                  <ConfirmChargePage />
                </Suspense>
              }
            />
            <Route path=":id" element={<PaymentPage />} />
          </Route>
          <Route path="*" element={<ElsewhereInTheSite />} />
        </Routes>
      </PageErrorBoundary>
      {/* As the site's (app/providers.tsx). */}
      <Toaster richColors position="top-right" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />
    </QueryClientProvider>
  );
}
