import {
  PATIENT_MESSAGES,
  type PatientDetail,
  type PatientList,
  SAVED_CARD_MESSAGES,
  type SavedCardView,
} from '@clinicpay/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { PatientPage } from './patient-page';
import { PatientsPage } from './patients-page';
import { aPatient, aPatientDetail, aPatientList } from './test-support';

/** Every list request the page made, as its query string. */
let listQueries: string[] = [];
let list: PatientList = aPatientList();
let detail: PatientDetail | null = aPatientDetail();
let cards: SavedCardView[] = [];
let removedCards: string[] = [];
let chargesAsked: unknown[] = [];
let chargeAnswer: Record<string, unknown> = { status: 'succeeded', failureMessage: null, declineCode: null };
startMockServer(
  [
    http.post('/api/patients/:patientId/cards/:cardId/charges', async ({ request }) => {
      const body = (await request.json()) as { kind: string; amount: number };
      chargesAsked.push(body);
      return HttpResponse.json({
        charge: {
          id: 'charge-1',
          paymentId: null,
          createdAt: '2026-11-27T12:00:00.000Z',
          ...body,
          ...chargeAnswer,
        },
      });
    }),
    http.get('/api/patients/:patientId/cards', () => HttpResponse.json({ cards })),
    http.post('/api/patients/:patientId/cards/:cardId/remove', ({ params }) => {
      removedCards.push(String(params.cardId));
      cards = cards.map((card) =>
        card.id === params.cardId ? { ...card, removedAt: '2026-11-27T12:00:00.000Z' } : card,
      );
      return HttpResponse.json({ cards });
    }),
    http.get('/api/patients', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query.toString());
      const search = query.get('search');
      if (search) {
        const items = list.items.filter((patient) =>
          patient.name.toLowerCase().includes(search.toLowerCase()),
        );
        return HttpResponse.json({ ...list, items, total: items.length });
      }
      return HttpResponse.json({ ...list, page: Number(query.get('page') ?? 1) });
    }),
    http.get('/api/patients/:patientId', () =>
      detail
        ? HttpResponse.json(detail)
        : HttpResponse.json(
            { code: 'PATIENT_NOT_FOUND', message: PATIENT_MESSAGES.notFound },
            { status: 404 },
          ),
    ),
  ],
  () => {
    listQueries = [];
    list = aPatientList();
    detail = aPatientDetail();
    cards = [];
    removedCards = [];
    chargesAsked = [];
    chargeAnswer = { status: 'succeeded', failureMessage: null, declineCode: null };
  },
);

function renderAt(path: string) {
  renderWithApp(
    [
      {
        path: '/dashboard/patients',
        element: (
          <>
            <Link to="/dashboard/patients">Open the list afresh</Link>
            <PatientsPage />
          </>
        ),
      },
      { path: '/dashboard/patients/:patientId', element: <PatientPage /> },
    ],
    { path },
  );
  return userEvent.setup();
}

describe('the Patients page', () => {
  it('lists the patients with their totals, and opens a patient from their name', async () => {
    list = aPatientList([
      aPatient(),
      aPatient({ id: 'p2', name: 'Bob Brown', email: 'bob@x.example', phone: null }),
    ]);
    const user = renderAt('/dashboard/patients');
    const ada = await screen.findByRole('row', { name: /Ada Lovelace/ });
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada Lovelace', 'ada@patient.example', '+447700900123', '2', '£125.00', '20 Nov 2026']);
    expect(within(table).getByRole('row', { name: /Bob Brown/ }).textContent).toContain('—');
    await user.click(within(ada).getByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    list = aPatientList([aPatient(), aPatient({ id: 'p2', name: 'Bob Brown' })]);
    const user = renderAt('/dashboard/patients');
    await screen.findByRole('row', { name: /Bob Brown/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search patients by name, email or phone' }),
      'bob',
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Lovelace/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Bob Brown/ })).toBeTruthy();
    expect(listQueries).toContain('page=1&search=bob');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zed');
    expect(await screen.findByText(PATIENT_MESSAGES.noMatches)).toBeTruthy();
  });

  it('tells a clinic without patients how they are added, and pages through many', async () => {
    list = aPatientList([], 0);
    renderAt('/dashboard/patients');
    expect(await screen.findByText(PATIENT_MESSAGES.noPatients)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Patient pages' })).toBeNull();
  });

  it('says a page past the last one is so, and keeps the way back', async () => {
    list = { ...aPatientList([], 30) };
    renderAt('/dashboard/patients?page=9');
    expect(await screen.findByText(PATIENT_MESSAGES.pastTheEnd)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Patient pages' }).textContent).toContain('Page 9 of 2');
  });

  it('shows the search of the address, and none once the list is opened afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    list = aPatientList([aPatient(), aPatient({ id: 'p2', name: 'Bob Brown' })]);
    const user = renderAt('/dashboard/patients?search=bob&page=1.5');
    const box = await screen.findByRole('searchbox', { name: 'Search patients by name, email or phone' });
    expect((box as HTMLInputElement).value).toBe('bob');
    await waitFor(() => expect(listQueries).toContain('page=1&search=bob'));
    await user.click(screen.getByRole('link', { name: 'Open the list afresh' }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    // Past the search's pause, it is not put back.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect((box as HTMLInputElement).value).toBe('');
    expect(listQueries.at(-1)).toBe('page=1');
    vi.useRealTimers();
  });

  it('says when a search matches more patients than it counts', async () => {
    list = { ...aPatientList([aPatient()], 1000), moreMatches: true };
    renderAt('/dashboard/patients');
    expect(await screen.findByText(PATIENT_MESSAGES.tooManyMatches)).toBeTruthy();
  });

  it('offers the next page when there are more than 25', async () => {
    list = aPatientList([aPatient()], 60);
    const user = renderAt('/dashboard/patients');
    const pages = await screen.findByRole('navigation', { name: 'Patient pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(listQueries).toContain('page=2');
  });
});

describe("a patient's page", () => {
  it('shows the details, every payment with its status and refund, and every request', async () => {
    renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details.textContent).toContain('ada@patient.example');
    expect(details.textContent).toContain('£125.00');
    expect(details.textContent).toContain('1 October 2026');

    const payments = within(screen.getByRole('region', { name: 'Payments' })).getByRole('table');
    const rows = within(payments).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('CP-BBB222'),
      expect.stringContaining('CP-AAA111'),
    ]);
    expect(rows[0]?.textContent).toContain('£80.00 (£20.00 refunded)');
    expect(rows[0]?.textContent).toContain('Partially refunded');
    expect(rows[1]?.textContent).toContain('Consultation (Consultation)');

    const requests = within(screen.getByRole('region', { name: 'Payment requests' })).getByRole('table');
    const requestRows = within(requests).getAllByRole('row').slice(1);
    expect(requestRows[0]?.textContent).toContain('Waiting');
    expect(requestRows[1]?.textContent).toContain('Paid 1 Oct 2026');
  });

  it("names a request cancelled or past its last day as the Requests page does, not 'waiting'", async () => {
    const base = aPatientDetail().requests[0];
    if (!base) throw new Error('no request in the test data');
    detail = aPatientDetail({
      requests: [
        { ...base, id: 'req_c', state: 'cancelled' },
        { ...base, id: 'req_e', state: 'expired' },
      ],
    });
    renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const requests = within(await screen.findByRole('region', { name: 'Payment requests' })).getByRole(
      'table',
    );
    const rows = within(requests).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Cancelled',
      'Expired',
    ]);
  });

  it('says so when the patient has no payments or requests yet', async () => {
    detail = aPatientDetail({ payments: [], requests: [] });
    renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    expect(await screen.findByText(PATIENT_MESSAGES.noPayments)).toBeTruthy();
    expect(screen.getByText(PATIENT_MESSAGES.noRequests)).toBeTruthy();
  });

  it("says 'Patient not found' for another clinic's patient, with the way back", async () => {
    detail = null;
    renderAt('/dashboard/patients/someone-else');
    expect(await screen.findByRole('heading', { level: 1, name: PATIENT_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All patients' }).getAttribute('href')).toBe(
      '/dashboard/patients',
    );
  });

  it('shows each saved card with the consent given, and removes one after asking', async () => {
    cards = [
      {
        id: 'card-1',
        brand: 'visa',
        last4: '4242',
        expMonth: 3,
        expYear: 2031,
        paymentId: 'pay_1',
        createdAt: '2026-11-20T10:00:00.000Z',
        removedAt: null,
        charges: [],
        consents: [
          {
            kind: 'no_show',
            version: 2,
            text: 'A missed appointment is charged £40.00.',
            maximumAmount: 4000,
            consentedAt: '2026-11-20T09:59:00.000Z',
            ipAddress: '203.0.113.7',
            userAgent: 'Mozilla/5.0',
          },
        ],
      },
    ];
    const user = renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    expect(await within(section).findByText('Visa ending 4242, expires 03/2031')).toBeTruthy();
    expect(section.textContent).toContain('No-show fee (version 2): up to £40.00');
    expect(section.textContent).toContain('A missed appointment is charged £40.00.');
    expect(section.textContent).toContain('from 203.0.113.7');

    await user.click(within(section).getByRole('button', { name: 'Remove card Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(removedCards).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(removedCards).toEqual(['card-1']));
    expect(await screen.findByText(SAVED_CARD_MESSAGES.removed)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Remove card/ })).toBeNull();
    expect(section.textContent).toContain('Removed 27 November 2026');
  });

  it('says so when the patient has no saved card', async () => {
    renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    expect(await within(section).findByText(SAVED_CARD_MESSAGES.none)).toBeTruthy();
  });

  const aSavedCard = (): SavedCardView => ({
    id: 'card-1',
    brand: 'visa',
    last4: '4242',
    expMonth: 3,
    expYear: 2031,
    paymentId: 'pay_1',
    createdAt: '2026-11-20T10:00:00.000Z',
    removedAt: null,
    charges: [],
    consents: [
      {
        kind: 'no_show',
        version: 1,
        text: 'A missed appointment is charged £40.00.',
        maximumAmount: 4000,
        consentedAt: '2026-11-20T09:59:00.000Z',
        ipAddress: null,
        userAgent: null,
      },
    ],
  });

  it('charges a fee up to what the patient agreed to, refusing more before asking', async () => {
    cards = [aSavedCard()];
    const user = renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    await user.click(await within(section).findByRole('button', { name: 'Charge card Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge saved card' });
    expect((within(dialog).getByLabelText('Fee') as HTMLSelectElement).value).toBe('no_show_fee');
    const amount = within(dialog).getByLabelText('Amount (£)') as HTMLInputElement;
    expect(amount.value).toBe('40.00');
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £50.00' }));
    const message = within(dialog).getByText('The most the patient agreed to for this fee is £40.00');
    expect(amount.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(amount);
    expect(chargesAsked).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Charge £40.00' }));
    await waitFor(() => expect(chargesAsked).toEqual([{ kind: 'no_show_fee', amount: 4000 }]));
    expect(await screen.findByText(SAVED_CARD_MESSAGES.charged(4000))).toBeTruthy();
  });

  it('opens Charge card for the card a payment’s details named', async () => {
    cards = [aSavedCard()];
    renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01?charge=card-1');
    const dialog = await screen.findByRole('dialog', { name: 'Charge saved card' });
    expect(dialog.textContent).toContain('Visa ending 4242');
  });

  it('says a charge the card provider is still processing was sent, not made', async () => {
    cards = [aSavedCard()];
    chargeAnswer = { status: 'processing', failureMessage: null, declineCode: null };
    const user = renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    await user.click(await within(section).findByRole('button', { name: 'Charge card Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge saved card' });
    await user.click(within(dialog).getByRole('button', { name: 'Charge £40.00' }));
    expect(await screen.findByText(SAVED_CARD_MESSAGES.chargeProcessing(4000))).toBeTruthy();
    expect(screen.queryByText(SAVED_CARD_MESSAGES.charged(4000))).toBeNull();
  });

  it("keeps the dialog open with the bank's reason when the card is declined", async () => {
    cards = [aSavedCard()];
    chargeAnswer = {
      status: 'failed',
      failureMessage: 'Your card was declined.',
      declineCode: 'generic_decline',
    };
    const user = renderAt('/dashboard/patients/7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01');
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    await user.click(await within(section).findByRole('button', { name: 'Charge card Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge saved card' });
    await user.click(within(dialog).getByRole('button', { name: 'Charge £40.00' }));
    expect(await within(dialog).findByText('The card was declined: Your card was declined.')).toBeTruthy();
  });
});
