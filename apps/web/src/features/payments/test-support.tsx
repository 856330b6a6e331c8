/**
 * Rendering helpers for this feature's component tests: a fresh query cache, a router and the toaster,
 * with the network stood in for by msw (the API's shapes from @clinicpay/shared).
 */
import type { DisplayPayment, NotificationDelivery, PaymentDetails } from '@clinicpay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';

export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  // Sonner replays still-active toasts to a new Toaster; an earlier test's toast must not count here.
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export const aPayment = (overrides: Partial<DisplayPayment> = {}): DisplayPayment => ({
  id: 'pay_1',
  patientName: 'Ada Lovelace',
  patientEmail: 'ada@example.com',
  patientPhone: '07700900123',
  amount: 5000,
  platformFee: 150,
  date: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  type: 'consultation',
  linkTitle: 'Initial consultation',
  paymentLinkId: 'link_1',
  reference: 'CP-ABC123',
  refundedAmount: 0,
  isRequest: false,
  ...overrides,
});

export const paymentDetails = (overrides: Partial<PaymentDetails> = {}): PaymentDetails => ({
  ...aPayment(),
  description: null,
  message: null,
  paymentUrl: null,
  isCustomAmount: false,
  refundableAmount: 5000,
  notifications: [],
  refunds: [],
  ...overrides,
});

export const aDelivery = (overrides: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  id: 'note_1',
  type: 'payment_confirmation',
  channel: 'email',
  recipientType: 'patient',
  recipient: 'ada@example.com',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:05.000Z',
  ...overrides,
});
