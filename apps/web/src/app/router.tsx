/**
 * The full app's route table. Every page and every layout but the payment one is a lazy chunk, so a page
 * downloads only its own code (apps/web/scripts/check-js-budget.mjs keeps the count). In production the
 * payment pages (payment.html, decision 0114) and the public pages (site.html, decision 0127) are served
 * by entries of their own; they stay here for the dev server and for links inside the signed-in app.
 * The root route's HydrateFallback is what shows while the first page's lazy chunks load.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PaymentLayout } from './layouts/payment-layout';
import { Root, RootErrorBoundary, RootHydrateFallback } from './root';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RootErrorBoundary />,
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/site-layout')).SiteLayout }),
        children: [
          { index: true, lazy: page(() => import('./routes/landing')) },
          { path: 'about', lazy: page(() => import('./routes/about')) },
          { path: 'fees', lazy: page(() => import('./routes/fees')) },
          { path: 'terms', lazy: page(() => import('./routes/terms')) },
          { path: 'privacy', lazy: page(() => import('./routes/privacy')) },
          { path: 'contact', lazy: page(() => import('./routes/contact')) },
          { path: 'sign-in', lazy: page(() => import('./routes/sign-in')) },
          { path: 'sign-in/two-factor', lazy: page(() => import('./routes/two-factor-sign-in')) },
          { path: 'sign-in/continue', lazy: page(() => import('./routes/continue-sign-in')) },
          { path: 'two-factor-setup', lazy: page(() => import('./routes/two-factor-setup')) },
          { path: 'sign-up', lazy: page(() => import('./routes/sign-up')) },
          { path: 'verify-email', lazy: page(() => import('./routes/verify-email')) },
          { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password')) },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
          { path: 'auth/callback', lazy: page(() => import('./routes/auth-callback')) },
          { path: 'join', lazy: page(() => import('./routes/join')) },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
      {
        path: 'payment',
        element: <PaymentLayout />,
        children: [
          { index: true, lazy: page(() => import('./routes/payment')) },
          { path: 'success', lazy: page(() => import('./routes/payment-success')) },
          { path: 'failed', lazy: page(() => import('./routes/payment-failed')) },
          { path: 'confirm-charge/:chargeId', lazy: page(() => import('./routes/payment-confirm-charge')) },
          { path: 'terms/:termsId', lazy: page(() => import('./routes/payment-terms')) },
          { path: ':id', lazy: page(() => import('./routes/payment')) },
        ],
      },
      {
        path: 'dashboard',
        lazy: page(() => import('./layouts/clinic-area')),
        children: [
          { index: true, lazy: page(() => import('./routes/clinic-home')) },
          { path: 'create-link', lazy: page(() => import('./routes/create-link')) },
          { path: 'send-link', lazy: page(() => import('./routes/send-link')) },
          { path: 'payment-history', lazy: page(() => import('./routes/payment-history')) },
          { path: 'payments/:paymentId', lazy: page(() => import('./routes/clinic-payment')) },
          { path: 'requests', lazy: page(() => import('./routes/requests')) },
          { path: 'patients', lazy: page(() => import('./routes/patients')) },
          { path: 'patients/:patientId', lazy: page(() => import('./routes/patient')) },
          { path: 'disputes', lazy: page(() => import('./routes/disputes')) },
          { path: 'disputes/:disputeId', lazy: page(() => import('./routes/dispute')) },
          { path: 'posters/:pageId', lazy: page(() => import('./routes/poster')) },
          { path: 'payouts', lazy: page(() => import('./routes/payouts')) },
          { path: 'payouts/:payoutId', lazy: page(() => import('./routes/payout')) },
          { path: 'statements', lazy: page(() => import('./routes/statements')) },
          { path: 'settings', lazy: page(() => import('./routes/clinic-settings')) },
          { path: 'security', lazy: page(() => import('./routes/clinic-security')) },
          { path: 'audit', lazy: page(() => import('./routes/clinic-audit')) },
        ],
      },
      {
        path: 'admin',
        lazy: page(() => import('./layouts/admin-area')),
        children: [
          { index: true, lazy: page(() => import('./routes/admin-home')) },
          { path: 'clinics', lazy: page(() => import('./routes/admin-clinics')) },
          { path: 'clinics/:clinicId', lazy: page(() => import('./routes/admin-clinic-profile')) },
          { path: 'disputes', lazy: page(() => import('./routes/admin-disputes')) },
          { path: 'statements', lazy: page(() => import('./routes/admin-statements')) },
          { path: 'settings', lazy: page(() => import('./routes/admin-settings')) },
          { path: 'audit', lazy: page(() => import('./routes/admin-audit')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
