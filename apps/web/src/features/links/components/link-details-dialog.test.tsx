import type { PaymentLink } from '@clinicpay/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { LinkDetailsDialog } from './link-details-dialog';

startMockServer();

const aLink = (overrides: Partial<PaymentLink> = {}): PaymentLink => ({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Open evening',
  amount: 3000,
  type: 'other',
  description: null,
  isActive: true,
  requiresCardOnFile: false,
  treatmentTotal: null,
  securesAppointment: false,
  expiresOn: null,
  maxPayments: null,
  clinicReference: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  url: 'http://localhost:3000/payment/33333333-3333-4333-8333-333333333333',
  ...overrides,
});

/** The dialog's terms and what each says, in order (the dialog's code loads as it opens: decision 0127). */
async function facts() {
  const dialog = await screen.findByRole('dialog', { name: 'Open evening' });
  const terms = within(dialog).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('a link’s details', () => {
  it('shows the payments it took and their net, its limit, last day and the clinic’s reference', async () => {
    renderWithApp(
      <LinkDetailsDialog
        link={aLink({
          totals: { payments: 2, net: 5500 },
          maxPayments: 5,
          expiresOn: '2099-03-31',
          clinicReference: 'EVENT-7',
        })}
        onClose={() => {}}
      />,
    );
    expect(await facts()).toMatchObject({
      Payments: '2 payments, £55.00 net (2 of 5 payments taken)',
      'Last day to pay': '31 March 2099',
      'Your reference': 'EVENT-7',
    });
  });

  it('leaves out what a link does not have', async () => {
    renderWithApp(<LinkDetailsDialog link={aLink()} onClose={() => {}} />);
    expect(Object.keys(await facts())).toEqual(['Amount', 'Type', 'Created', 'Link']);
  });
});
