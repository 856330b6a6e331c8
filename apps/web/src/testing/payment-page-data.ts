/**
 * A payment page's data (GET /api/public/payments/:id) for component tests: a payable £45.00
 * deposit link of the Marylebone Skin Clinic, changed by `overrides`.
 */
import type { PublicPaymentData } from '@clinicpay/shared';

export const PAYMENT_PAGE_ID = '6f1c1f4e-8f9b-4c39-9d57-0e6d8f3c2a11';

export const aPaymentPage = (overrides: Partial<PublicPaymentData> = {}): PublicPaymentData => ({
  id: PAYMENT_PAGE_ID,
  amount: 4500,
  title: 'New patient deposit',
  type: 'deposit',
  isRequest: false,
  patientName: null,
  patientEmail: null,
  patientPhone: null,
  payability: 'payable',
  securesAppointment: false,
  closedNote: null,
  terms: null,
  clinic: {
    id: 'c1',
    name: 'Marylebone Skin Clinic',
    logo: null,
    email: 'desk@marylebone.example',
    phone: '020 7946 0123',
    address: '1 Harley Street, London',
    stripeStatus: 'connected',
    cardStatementText: 'CLINICPAY* MARYLEBONE',
    emailsReceipts: true,
  },
  description: null,
  message: null,
  clinicReference: null,
  cardOnFile: null,
  deposit: null,
  ...overrides,
});
