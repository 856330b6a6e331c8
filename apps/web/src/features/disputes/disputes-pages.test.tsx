import {
  DISPUTE_MESSAGES,
  type DisputeDetail,
  EVIDENCE_MAX_TOTAL_BYTES,
  type SaveEvidenceBody,
} from '@clinicpay/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { DisputePage } from './dispute-page';
import { DisputesPage } from './disputes-page';
import { aDispute, aDisputeDetail, aFile } from './test-support';

/** Every call the page made, as 'METHOD /path'. */
let calls: string[] = [];
let dispute: DisputeDetail = aDisputeDetail();
const server = startMockServer(
  [
    http.all('*', ({ request }) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    }),
    http.get('/api/disputes/:disputeId', () => HttpResponse.json(dispute)),
  ],
  () => {
    calls = [];
    dispute = aDisputeDetail();
  },
);

function renderDispute(detail: DisputeDetail = aDisputeDetail()) {
  dispute = detail;
  renderWithApp(
    [
      { path: '/dashboard/disputes/:disputeId', element: <DisputePage /> },
      { path: '/dashboard/disputes', element: <p>All disputes</p> },
    ],
    { path: `/dashboard/disputes/${detail.id}` },
  );
  // The file input takes any file, as a person can pick 'All files' in the browser's dialog.
  return userEvent.setup({ applyAccept: false });
}

/** The text of everything that describes `control`. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const sent = (call: string) => calls.filter((made) => made === call).length;

describe('the Disputes page', () => {
  it('lists open disputes with their deadline apart from closed ones, won or lost', async () => {
    server.use(
      http.get('/api/disputes', () =>
        HttpResponse.json({
          items: [
            aDispute(),
            aDispute({
              id: 'dp_2',
              patientName: 'Grace Hopper',
              paymentReference: 'CP-WON222',
              reason: 'fraudulent',
              reasonLabel: 'The cardholder says they did not make this payment (fraud)',
              status: 'won',
              outcome: 'won',
            }),
            aDispute({ id: 'dp_3', patientName: 'Alan Turing', status: 'lost', outcome: 'lost' }),
          ],
        }),
      ),
    );
    const { router } = renderWithApp(<DisputesPage />, { path: '/dashboard/disputes' });

    const open = await screen.findByRole('table', { name: 'Open' });
    const closed = screen.getByRole('table', { name: 'Closed' });
    const openRows = within(open).getAllByRole('row').slice(1);
    expect(openRows).toHaveLength(1);
    expect(openRows[0]?.textContent).toContain('CP-ABC123');
    expect(openRows[0]?.textContent).toContain('£50.00');
    expect(openRows[0]?.textContent).toContain(
      'The patient says they did not receive the treatment or service',
    );
    expect(openRows[0]?.textContent).toContain('Respond by 9 December 2026 at 23:59');
    expect(within(open).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/dashboard/disputes/dp_1',
    );

    const closedRows = within(closed).getAllByRole('row').slice(1);
    expect(closedRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Grace Hopper',
      'Alan Turing',
    ]);
    expect(within(closedRows[0] as HTMLElement).getByText('Won')).toBeTruthy();
    expect(within(closedRows[1] as HTMLElement).getByText('Lost')).toBeTruthy();
    expect(within(closed).queryByText(/Respond by/)).toBeNull();

    await userEvent.click(within(closed).getByRole('link', { name: 'Grace Hopper' }));
    expect(router.state.location.pathname).toBe('/dashboard/disputes/dp_2');
  });

  it("says 'No disputes' when there are none", async () => {
    server.use(http.get('/api/disputes', () => HttpResponse.json({ items: [] })));
    renderWithApp(<DisputesPage />, { path: '/dashboard/disputes' });
    expect(await screen.findByText(DISPUTE_MESSAGES.noDisputes)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a dispute page', () => {
  it('shows the dispute, its fee and deadline, and what ClinicPay will send', async () => {
    renderDispute();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute: Ada Lovelace, £50.00' }),
    ).toBeTruthy();
    expect(screen.getByText(DISPUTE_MESSAGES.fee(2000))).toBeTruthy();
    expect(screen.getByText('Needs response')).toBeTruthy();
    expect(screen.getByText('9 December 2026 at 23:59')).toBeTruthy();

    const known = screen.getByRole('region', { name: 'What ClinicPay will send' });
    for (const text of [
      'CP-ABC123',
      '£50.00',
      '20 November 2026 at 10:00',
      'ada@example.com',
      '07700900123',
      'Payment link',
      '45 minutes with Dr Babbage',
      '203.0.113.7',
      'Your payment to Harley Dental',
      'To ada@example.com',
    ]) {
      expect(within(known).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(known).getAllByText('Initial consultation').length).toBeGreaterThan(0);
  });

  it('saves the explanation as a draft and counts its characters', async () => {
    const saved: SaveEvidenceBody[] = [];
    server.use(
      http.put('/api/disputes/:disputeId/evidence', async ({ request }) => {
        const body = (await request.json()) as SaveEvidenceBody;
        saved.push(body);
        dispute = { ...dispute, text: body.text };
        return HttpResponse.json(dispute);
      }),
    );
    const user = renderDispute();
    const explanation = await screen.findByLabelText('Your explanation');
    await user.type(explanation, 'Treated on 20 November.');
    expect(descriptionOf(explanation)).toContain('23 of 20,000 characters');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.draftSaved)).toBeTruthy();
    expect(saved).toEqual([{ text: 'Treated on 20 November.' }]);
  });

  it('refuses an explanation over 20,000 characters, tied to the field, sending nothing', async () => {
    const user = renderDispute(aDisputeDetail({ text: 'a'.repeat(20_000) }));
    const explanation = await screen.findByLabelText('Your explanation');
    await user.type(explanation, 'b');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(explanation.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(explanation)).toContain(DISPUTE_MESSAGES.textTooLong);
    await waitFor(() => expect(document.activeElement).toBe(explanation));
    expect(sent('PUT /api/disputes/dp_1/evidence')).toBe(0);
  });

  it('refuses a file of the wrong type, and one past 4.5 MB together, in the browser', async () => {
    const user = renderDispute(aDisputeDetail({ files: [aFile({ size: 4_000_000 })] }));
    const input = (await screen.findByLabelText('Choose file')) as HTMLInputElement;
    await user.selectOptions(screen.getByLabelText('What the file shows'), 'customer_communication');

    await user.upload(input, new File(['hello'], 'notes.docx', { type: 'application/msword' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DISPUTE_MESSAGES.fileType);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toContain(DISPUTE_MESSAGES.fileType);

    const big = new File([new Uint8Array(EVIDENCE_MAX_TOTAL_BYTES - 4_000_000 + 1)], 'letters.pdf', {
      type: 'application/pdf',
    });
    await user.upload(screen.getByLabelText('Choose file'), big);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DISPUTE_MESSAGES.fileTooLarge));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(descriptionOf(screen.getByLabelText('Choose file'))).toContain(DISPUTE_MESSAGES.fileMissing);
    expect(calls.filter((call) => call.includes('/evidence/files'))).toEqual([]);
  });

  it('asks what the file shows, then uploads the kind before the file, replacing by kind', async () => {
    const parts: string[][] = [];
    server.use(
      http.post('/api/disputes/:disputeId/evidence/files', async ({ request }) => {
        const form = await request.formData();
        parts.push([...form.keys()], [String(form.get('kind'))]);
        dispute = {
          ...dispute,
          files: [aFile({ id: 'file_2', filename: 'new-receipt.pdf', size: 300_000 })],
        };
        return HttpResponse.json(dispute);
      }),
    );
    // A receipt of 4 MB is already there; a new receipt replaces it, so only its own size counts.
    const user = renderDispute(aDisputeDetail({ files: [aFile({ size: 4_000_000 })] }));
    await user.upload(
      await screen.findByLabelText('Choose file'),
      new File([new Uint8Array(1_000_000)], 'new-receipt.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    const kind = screen.getByLabelText('What the file shows');
    await waitFor(() => expect(document.activeElement).toBe(kind));
    expect(descriptionOf(kind)).toContain(DISPUTE_MESSAGES.fileKind);

    await user.selectOptions(kind, 'receipt');
    expect(screen.getByText('This replaces receipt.pdf.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload file' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.fileAdded)).toBeTruthy();
    // jsdom's File reaches the network without its name; a browser's keeps it.
    expect(parts).toEqual([['kind', 'file'], ['receipt']]);
    expect(await screen.findByText('new-receipt.pdf (300 KB)')).toBeTruthy();
  });

  it("shows the server's refusal of a file under the file input", async () => {
    server.use(
      http.post('/api/disputes/:disputeId/evidence/files', () =>
        HttpResponse.json(
          { code: 'EVIDENCE_FILE_UNREADABLE', message: DISPUTE_MESSAGES.fileUnreadable },
          { status: 400 },
        ),
      ),
    );
    const user = renderDispute();
    await user.selectOptions(await screen.findByLabelText('What the file shows'), 'receipt');
    await user.upload(
      screen.getByLabelText('Choose file'),
      new File(['%PDF'], 'broken.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    const input = screen.getByLabelText('Choose file');
    await waitFor(() => expect(descriptionOf(input)).toContain(DISPUTE_MESSAGES.fileUnreadable));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a file', async () => {
    server.use(
      http.delete('/api/disputes/:disputeId/evidence/files/:fileId', ({ request }) => {
        calls.push(`DELETE ${new URL(request.url).pathname}`);
        dispute = { ...dispute, files: [] };
        return HttpResponse.json(dispute);
      }),
    );
    const user = renderDispute(aDisputeDetail({ files: [aFile()] }));
    expect(await screen.findByText('receipt.pdf (1.2 MB)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.fileRemoved)).toBeTruthy();
    expect(sent('DELETE /api/disputes/dp_1/evidence/files/file_1')).toBe(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Files' })));
  });

  it('will not submit nothing', async () => {
    const user = renderDispute();
    await user.click(await screen.findByRole('button', { name: 'Submit evidence' }));
    const explanation = screen.getByLabelText('Your explanation');
    await waitFor(() => expect(document.activeElement).toBe(explanation));
    expect(descriptionOf(explanation)).toContain(DISPUTE_MESSAGES.nothingToSubmit);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before submitting, saves the explanation on screen, submits, then shows it read-only', async () => {
    const order: string[] = [];
    server.use(
      http.put('/api/disputes/:disputeId/evidence', async ({ request }) => {
        order.push('save');
        dispute = { ...dispute, text: ((await request.json()) as SaveEvidenceBody).text };
        return HttpResponse.json(dispute);
      }),
      http.post('/api/disputes/:disputeId/submit', () => {
        order.push('submit');
        dispute = {
          ...dispute,
          status: 'under_review',
          canRespond: false,
          submittedAt: '2026-11-27T14:30:00.000Z',
        };
        return HttpResponse.json(dispute);
      }),
    );
    const user = renderDispute();
    await user.type(await screen.findByLabelText('Your explanation'), 'The patient attended.');
    await user.click(screen.getByRole('button', { name: 'Submit evidence' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit evidence?' });
    expect(within(dialog).getByText(DISPUTE_MESSAGES.submitWarning)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(order).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Submit evidence' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Submit evidence?' })).getByRole('button', {
        name: 'Submit evidence',
      }),
    );

    expect(await screen.findByText(DISPUTE_MESSAGES.submitted)).toBeTruthy();
    expect(order).toEqual(['save', 'submit']);
    expect(await screen.findByText('Submitted on 27 November 2026 at 14:30')).toBeTruthy();
    expect(screen.getByText('The patient attended.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your evidence' })),
    );
  });

  it('is read-only once submitted, with no way to change the evidence', async () => {
    renderDispute(
      aDisputeDetail({
        status: 'under_review',
        canRespond: false,
        submittedAt: '2026-11-27T14:30:00.000Z',
        text: 'The patient attended.',
        files: [aFile()],
      }),
    );
    expect(await screen.findByText('Submitted on 27 November 2026 at 14:30')).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.getByText('receipt.pdf (1.2 MB)')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(
      screen.queryByRole('button', { name: /Remove|Submit evidence|Save draft|Upload file/ }),
    ).toBeNull();
  });

  it('says an open inquiry leaves the payment refundable, and links to the payment', async () => {
    renderDispute(
      aDisputeDetail({ status: 'warning_needs_response', inquiry: true, fee: 0, paymentRefundable: true }),
    );
    const link = await screen.findByRole('link', { name: 'Go to the payment' });
    expect(link.getAttribute('href')).toBe('/dashboard/payments/pay_1');
    expect(link.closest('p')?.textContent).toContain('You can still refund the payment');
  });

  it('says nothing of refunds when the payment cannot be refunded: a chargeback, or an inquiry refunded in full', async () => {
    renderDispute(aDisputeDetail({ status: 'needs_response', inquiry: false, paymentRefundable: false }));
    expect(await screen.findByText(DISPUTE_MESSAGES.fee(2000))).toBeTruthy();
    expect(screen.queryByText(/You can still refund/)).toBeNull();
    cleanup();
    renderDispute(
      aDisputeDetail({ status: 'warning_needs_response', inquiry: true, fee: 0, paymentRefundable: false }),
    );
    expect(await screen.findByText(/This is an inquiry/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the payment' })).toBeNull();
  });

  it('says why a closed dispute takes no evidence', async () => {
    renderDispute(aDisputeDetail({ status: 'lost', outcome: 'lost', canRespond: false }));
    expect(await screen.findByText(DISPUTE_MESSAGES.evidenceClosed)).toBeTruthy();
    expect(screen.getByText('Lost')).toBeTruthy();
  });

  it('says the dispute was not found', async () => {
    server.use(
      http.get('/api/disputes/:disputeId', () =>
        HttpResponse.json({ code: 'DISPUTE_NOT_FOUND', message: DISPUTE_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderDispute();
    expect(await screen.findByRole('heading', { level: 1, name: DISPUTE_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All disputes' }).getAttribute('href')).toBe(
      '/dashboard/disputes',
    );
  });
});
