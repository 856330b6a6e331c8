import { CLINIC_REFERENCE_MESSAGES, REQUEST_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aClinic } from '@/testing/clinic-data';
import { SendLinkPage } from './send-link-page';

const REQUEST_ID = '22222222-2222-4222-8222-222222222222';
let sent: Record<string, unknown>[] = [];
startMockServer(
  [
    http.get('/api/payment-links', () => HttpResponse.json({ items: [], page: 1, pageSize: 100, total: 0 })),
    http.get('/api/clinic', () =>
      HttpResponse.json({ clinic: aClinic({ requestExpiryDays: 14, reminderDays: [2, 5] }) }),
    ),
    http.post('/api/payment-requests', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        { id: REQUEST_ID, paymentUrl: `http://localhost/payment/${REQUEST_ID}` },
        { status: 201 },
      );
    }),
  ],
  () => {
    sent = [];
  },
);

function renderPage() {
  renderWithApp(<SendLinkPage />);
  return userEvent.setup();
}

async function fillRequest(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(screen.getByLabelText('Patient Name*'), 'Grace Patient');
  await user.type(screen.getByLabelText('Patient Email*'), 'grace@patient.example');
  if (phone) await user.type(screen.getByLabelText('Patient Phone (optional)'), phone);
  await user.type(screen.getByLabelText('Custom Amount (optional)'), '120');
  await user.click(screen.getByRole('button', { name: 'Send Payment Link' }));
}

describe('the Send Link phone (decision 0018)', () => {
  it('says under the field that UK numbers can be typed as people write them', () => {
    renderPage();
    const hint = screen.getByText(/07700 900123/);
    expect(screen.getByLabelText('Patient Phone (optional)').getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('takes 07700 900123, shows it spaced for checking and sends it in E.164', async () => {
    const user = renderPage();
    await fillRequest(user, '07700 900123');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment Link Details' });
    expect(within(dialog).getByText('Email: grace@patient.example')).toBeTruthy();
    expect(within(dialog).getByText('Text: +44 7700 900123')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Link' }));
    expect(await screen.findByText('Payment link sent successfully')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ patientPhone: '+447700900123', customAmount: 12_000 })]);
  });

  it('still takes what the spec takes: +123 456 7890', async () => {
    const user = renderPage();
    await fillRequest(user, '+123 456 7890');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment Link Details' });
    expect(within(dialog).getByText('Text: +1234567890')).toBeTruthy();
  });

  it('says a landline gets no text, and that the link goes whatever the notification settings', async () => {
    const user = renderPage();
    expect(screen.getByText(REQUEST_MESSAGES.channelsHint)).toBeTruthy();
    await fillRequest(user, '020 7946 0321');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment Link Details' });
    expect(within(dialog).getByText('Email: grace@patient.example')).toBeTruthy();
    expect(within(dialog).getByText('No text: +44 20 7946 0321 is not a mobile number')).toBeTruthy();
    expect(within(dialog).queryByText(/^Text:/)).toBeNull();
  });

  it('refuses a number a digit short under the field, tied to it, and sends nothing', async () => {
    const user = renderPage();
    await fillRequest(user, '07700 90012');
    const input = screen.getByLabelText('Patient Phone (optional)');
    const message = document.getElementById('patientPhone-error');
    expect(message?.textContent).toBe('Please enter a valid phone number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([
      'patientPhone-error',
      screen.getByText(/07700 900123/).id,
    ]);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('a request’s last day and reminders (docs/decisions/0105-request-and-link-lifetimes.md, 0106)', () => {
  it('says the clinic’s expiry and reminder days, and sends the day picked and reminders off', async () => {
    const user = renderPage();
    expect(await screen.findByText(REQUEST_MESSAGES.expiresOnHint(14))).toBeTruthy();
    expect(screen.getByText(REQUEST_MESSAGES.remindersHint([2, 5]))).toBeTruthy();
    await user.type(screen.getByLabelText(REQUEST_MESSAGES.expiresOnLabel), '2099-03-31');
    await user.click(screen.getByLabelText(REQUEST_MESSAGES.remindersLabel));
    await fillRequest(user, '');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment Link Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ expiresOn: '2099-03-31', remindersOn: false });
  });
});

describe('the clinic’s reference (docs/decisions/0108-clinic-reference.md)', () => {
  it('shows the reference for checking and sends it trimmed', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText(CLINIC_REFERENCE_MESSAGES.label), ' INV-2041 ');
    await fillRequest(user, '');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment Link Details' });
    expect(within(dialog).getByText('INV-2041')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ clinicReference: 'INV-2041' });
  });

  it('refuses a reference that is too long under its field, and sends nothing', async () => {
    const user = renderPage();
    const field = screen.getByLabelText(CLINIC_REFERENCE_MESSAGES.label);
    await user.type(field, 'X'.repeat(101));
    await fillRequest(user, '');
    expect(await screen.findAllByText(CLINIC_REFERENCE_MESSAGES.invalid)).not.toHaveLength(0);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });
});
