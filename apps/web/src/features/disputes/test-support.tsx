/**
 * Test data for this feature's component tests, in the API's shapes from @clinicpay/shared (rendering
 * and the network: src/testing/app.tsx).
 */
import type {
  AdminDisputes,
  DisputeDetail,
  DisputeSummary,
  EvidenceFile,
  FraudWarning,
} from '@clinicpay/shared';

export const aDispute = (overrides: Partial<DisputeSummary> = {}): DisputeSummary => ({
  id: 'dp_1',
  paymentId: 'pay_1',
  paymentReference: 'CP-ABC123',
  patientName: 'Ada Lovelace',
  amount: 5000,
  reason: 'product_not_received',
  reasonLabel: 'The patient says they did not receive the treatment or service',
  status: 'needs_response',
  outcome: 'open',
  inquiry: false,
  // December: Greenwich Mean Time, so London shows the same hour.
  evidenceDueBy: '2026-12-09T23:59:00.000Z',
  fee: 2000,
  submittedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

export const aFile = (overrides: Partial<EvidenceFile> = {}): EvidenceFile => ({
  id: 'file_1',
  kind: 'receipt',
  filename: 'receipt.pdf',
  contentType: 'application/pdf',
  size: 1_200_000,
  ...overrides,
});

export const aDisputeDetail = (overrides: Partial<DisputeDetail> = {}): DisputeDetail => ({
  ...aDispute(),
  known: {
    receipt: {
      reference: 'CP-ABC123',
      amount: 5000,
      paidAt: '2026-11-20T10:00:00.000Z',
      title: 'Initial consultation',
    },
    patient: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
    source: { kind: 'link', title: 'Initial consultation', description: '45 minutes with Dr Babbage' },
    payerIp: '203.0.113.7',
    terms: null,
    emails: [
      {
        recipient: 'ada@example.com',
        subject: 'Your payment to Harley Dental',
        status: 'sent',
        sentAt: '2026-11-20T10:00:05.000Z',
      },
    ],
  },
  text: '',
  files: [],
  canRespond: true,
  paymentRefundable: false,
  ...overrides,
});

export const aFraudWarning = (overrides: Partial<FraudWarning> = {}): FraudWarning => ({
  id: 'efw_1',
  paymentId: 'pay_2',
  paymentReference: 'CP-FRAUD1',
  patientName: 'Charles Babbage',
  refundableAmount: 12_000,
  fraudType: 'made_with_stolen_card',
  createdAt: '2026-11-26T09:00:00.000Z',
  ...overrides,
});

export const someAdminDisputes = (overrides: Partial<AdminDisputes> = {}): AdminDisputes => ({
  open: [{ ...aDispute(), clinicId: 'clinic_1', clinicName: 'Harley Dental' }],
  rates: [
    { clinicId: 'clinic_1', clinicName: 'Harley Dental', payments: 400, disputes: 4, ratePercent: 1 },
    { clinicId: 'clinic_2', clinicName: 'Marylebone Skin', payments: 1000, disputes: 2, ratePercent: 0.2 },
  ],
  ...overrides,
});
