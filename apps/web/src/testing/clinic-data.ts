/**
 * A clinic (GET /api/clinic) for component tests of any feature: Harley Street Dental Care, not
 * connected, with the default request settings, changed by `overrides`.
 */
import type { Clinic } from '@clinicpay/shared';

export const aClinic = (overrides: Partial<Clinic> = {}): Clinic => ({
  id: 'c1',
  clinicName: 'Harley Street Dental Care',
  logoUrl: null,
  email: 'desk@harley.example',
  phone: '020 7946 0000',
  addressLine1: '1 Harley Street',
  addressLine2: null,
  city: 'London',
  postcode: 'W1G 9QD',
  stripeAccountId: null,
  stripeStatus: 'not_connected',
  requirementsDue: [],
  requirementsDeadline: null,
  paymentsTurnedOff: false,
  statementName: null,
  cardStatementText: 'CLINICPAY* HARLEY',
  emailNotifications: true,
  smsNotifications: false,
  reminderDays: [3, 7],
  requestExpiryDays: 30,
  closedPageText: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
