import type { AdminAuditEntry, AdminClinicProfile } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { detailsSummary } from '@/lib/audit-details';
import { startMockServer } from '@/testing/app';
import { AuditLogPage } from './audit-log-page';
import { ClinicProfilePage } from './clinic-profile-page';
import { renderAdmin } from './test-support';

const HARLEY = '11111111-1111-4111-8111-111111111111';

const anEntry = (overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  id: crypto.randomUUID(),
  action: 'refund.succeeded',
  actorEmail: 'desk@harley.example',
  clinicId: HARLEY,
  clinicName: 'Harley Dental',
  entityType: 'payment',
  entityId: '99999999-9999-4999-8999-999999999999',
  createdAt: '2026-11-20T10:30:00.000Z',
  details: { amount: 1500 },
  ipAddress: '203.0.113.7',
  ...overrides,
});

let queries: Record<string, string>[] = [];
const server = startMockServer(
  [
    http.get('/api/admin/audit', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const items = [
        anEntry({
          action: 'platform_fee.updated',
          clinicId: null,
          clinicName: null,
          details: { from: '3.0', to: '2.5' },
        }),
        anEntry({ action: 'provider.disconnected', actorEmail: null }),
        anEntry({ action: 'clinic.invited', details: { email: 'new@clinic.example' } }),
      ];
      return HttpResponse.json({ items, page: Number(query.page), pageSize: 25, total: 60 });
    }),
  ],
  () => {
    queries = [];
  },
);

const renderLog = (path = '/admin/audit') => renderAdmin(<AuditLogPage />, { path });

describe('the audit log page', () => {
  it('lists every kind of action by its readable name, with clinic, who and details', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await within(table).findByText('Platform fee changed');
    expect(within(table).getByText('Stripe disconnected')).toBeTruthy();
    expect(within(table).getByText('Clinic invited')).toBeTruthy();
    expect(within(table).getByText('Platform')).toBeTruthy();
    // No actor: the card provider acted.
    expect(within(table).getByText('Stripe')).toBeTruthy();
    expect(within(table).getByText('3.0 → 2.5')).toBeTruthy();
    expect(within(table).getByText('email: new@clinic.example')).toBeTruthy();
    expect(queries).toEqual([{ page: '1' }]);
  });

  it('asks the server for the chosen action and clinic, from page 1, and pages on the server', async () => {
    const user = userEvent.setup();
    const { router } = renderLog('/admin/audit?page=2');
    await screen.findByText('Page 2 of 3');
    expect(queries.at(-1)).toEqual({ page: '2' });

    await user.selectOptions(screen.getByLabelText('Action'), 'Stripe disconnected');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', action: 'provider.disconnected' }));
    expect(router.state.location.search).toBe('?action=provider.disconnected');

    const table = screen.getByRole('table', { name: 'Audit Log' });
    await user.click(
      within(table).getAllByRole('button', { name: 'Show only Harley Dental' })[0] as HTMLElement,
    );
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ page: '1', action: 'provider.disconnected', clinicId: HARLEY }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ page: '2', action: 'provider.disconnected', clinicId: HARLEY }),
    );
    // Clearing the clinic keeps the action and goes back to page 1.
    await user.click(screen.getByRole('button', { name: /Clinic: Harley Dental/ }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', action: 'provider.disconnected' }));
  });

  it('says so when the log cannot be loaded, and when nothing matches', async () => {
    server.use(http.get('/api/admin/audit', () => HttpResponse.json({ message: 'no' }, { status: 500 })));
    renderLog();
    expect(await screen.findByText('Failed to load the audit log')).toBeTruthy();
    server.use(
      http.get('/api/admin/audit', () => HttpResponse.json({ items: [], page: 1, pageSize: 25, total: 0 })),
    );
    renderLog('/admin/audit?action=refund.failed');
    expect(await screen.findByText('No audit entries match these filters')).toBeTruthy();
  });
});

describe('detailsSummary', () => {
  it('writes changes as from → to and the rest as key: value', () => {
    expect(detailsSummary({ from: null, to: '3.5' })).toBe('— → 3.5');
    expect(
      detailsSummary({ patientNotificationWebhook: { from: null, to: 'https://a.example' }, amount: 1500 }),
    ).toBe('patientNotificationWebhook: — → https://a.example; amount: 1500');
    expect(detailsSummary({})).toBe('');
    expect(
      detailsSummary({
        email: 'rita@example.com',
        before: { role: 'reception' },
        after: { role: 'manager' },
      }),
    ).toBe('role: reception → manager; email: rita@example.com');
  });
});

describe('the clinic profile’s audit card', () => {
  it('names every action readably and links to the clinic’s whole audit log', async () => {
    const profile: AdminClinicProfile = {
      clinic: {
        id: HARLEY,
        clinicName: 'Harley Dental',
        logoUrl: null,
        contact: 'owner@harley.example',
        email: null,
        phone: null,
        address: null,
        stripeStatus: 'connected',
        paymentsTurnedOff: false,
        providerAccountId: 'acct_harley',
        createdAt: '2026-11-01T10:00:00.000Z',
        invitationPending: false,
        signInSuspendedAt: null,
        signInSuspensionReason: null,
      },
      stats: {
        count: 0,
        gross: 0,
        refunds: 0,
        refundCount: 0,
        net: 0,
        platformFees: 0,
        cardFees: 0,
        platformRevenue: 0,
        averagePayment: 0,
      },
      recentPayments: [],
      links: [],
      audit: [
        {
          id: 'a1',
          action: 'clinic.invited',
          actorEmail: 'ops@clinicpay.example',
          createdAt: '2026-11-02T10:00:00.000Z',
          details: {},
        },
        {
          id: 'a2',
          action: 'saved_card.removed',
          actorEmail: null,
          createdAt: '2026-11-03T10:00:00.000Z',
          details: {},
        },
      ],
    };
    server.use(http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(profile)));
    renderAdmin(<ClinicProfilePage />, {
      path: `/admin/clinics/${HARLEY}`,
      pattern: '/admin/clinics/:clinicId',
    });
    expect(await screen.findByText('Clinic invited')).toBeTruthy();
    expect(screen.getByText('Saved card removed')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View this clinic’s full audit log' });
    expect(link.getAttribute('href')).toBe(`/admin/audit?clinicId=${HARLEY}`);
  });
});
