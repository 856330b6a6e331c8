/**
 * Test data for this feature's component tests, in the API's shapes from @clinicpay/shared (rendering
 * and the network: src/testing/app.tsx).
 */
import type { DisplayPayment, NotificationDelivery, PaymentDetails } from '@clinicpay/shared';

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
  disputeStatus: null,
  failureMessage: null,
  clinicReference: null,
  ...overrides,
});

export const paymentDetails = (overrides: Partial<PaymentDetails> = {}): PaymentDetails => ({
  ...aPayment(),
  description: null,
  message: null,
  paymentUrl: null,
  isCustomAmount: false,
  refundableAmount: 5000,
  disputeRefusesRefund: false,
  notifications: [],
  refunds: [],
  disputeId: null,
  balance: null,
  balanceOf: null,
  savedCard: null,
  card: null,
  termsAccepted: null,
  requestSentAt: null,
  disputeOpenedAt: null,
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
  deliveredAt: null,
  ...overrides,
});
