/**
 * Settings → Policies (docs/decisions/0090-policies.md): a policy is saved with the fee in pence or as
 * a percentage, what the browser refuses never reaches the server, the server's refusals show on their
 * fields, and a policy in force says its version and can be turned off.
 */
import { type ClinicPolicies, POLICY_MESSAGES, type Policy } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { SettingsPage } from './settings-page';
import { aClinic } from './test-support';

const TEXT = 'Missed appointments without notice are charged the no-show fee.';
const aPolicy = (overrides: Partial<Policy> = {}): Policy => ({
  kind: 'no_show',
  version: 3,
  feeType: 'fixed',
  feeAmount: 4000,
  feePercent: null,
  noticeHours: null,
  text: TEXT,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

let policies: ClinicPolicies = { cancellation: null, no_show: null };
let saved: { kind: string; body: unknown }[] = [];
let deleted: string[] = [];
let refuseWith: Record<string, string> | null = null;
startMockServer(
  [
    http.get('/api/clinic', () => HttpResponse.json({ clinic: aClinic() })),
    http.get('/api/clinic/policies', () => HttpResponse.json(policies)),
    http.put('/api/clinic/policies/:kind', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push({ kind: String(params.kind), body });
      if (refuseWith) {
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', message: Object.values(refuseWith)[0], fieldErrors: refuseWith },
          { status: 400 },
        );
      }
      const policy = aPolicy({ kind: params.kind as Policy['kind'], version: 1, ...body });
      policies = { ...policies, [String(params.kind)]: policy };
      return HttpResponse.json({ policy, changed: true });
    }),
    http.delete('/api/clinic/policies/:kind', ({ params }) => {
      deleted.push(String(params.kind));
      policies = { ...policies, [String(params.kind)]: null };
      return HttpResponse.json({ policy: null, changed: true });
    }),
  ],
  () => {
    policies = { cancellation: null, no_show: null };
    saved = [];
    deleted = [];
    refuseWith = null;
  },
);

function renderPolicies() {
  renderWithApp(<SettingsPage securityTab={null} teamTab={null} />, {
    path: '/dashboard/settings?tab=policies',
  });
  return userEvent.setup();
}

const card = (name: string) => screen.findByRole('region', { name });

describe('Settings → Policies', () => {
  it('saves a fixed no-show fee in pence and says which version is in force', async () => {
    const user = renderPolicies();
    const noShow = await card('No-show fee');
    expect(within(noShow).getByText(POLICY_MESSAGES.notSet)).toBeTruthy();
    await user.type(within(noShow).getByLabelText('Fee (£)'), '40');
    await user.type(within(noShow).getByLabelText('Policy text'), TEXT);
    await user.click(within(noShow).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      kind: 'no_show',
      body: { feeType: 'fixed', feeAmount: 4000, noticeHours: null, text: TEXT },
    });
    expect(await screen.findByText(POLICY_MESSAGES.saved('no_show', 1))).toBeTruthy();
    expect((await screen.findByTestId('policy-no_show-status')).textContent).toContain(
      'In force: version 1, £40.00',
    );
  });

  it('saves a cancellation policy as a percentage with its notice period', async () => {
    const user = renderPolicies();
    const cancellation = await card('Cancellation policy');
    await user.click(within(cancellation).getByLabelText('A percentage of the treatment price'));
    await user.type(within(cancellation).getByLabelText('Fee (% of the treatment price)'), '50');
    const notice = within(cancellation).getByLabelText('Notice period (hours)');
    await user.clear(notice);
    await user.type(notice, '48');
    await user.type(within(cancellation).getByLabelText('Policy text'), 'Cancel 48 hours ahead or pay half.');
    await user.click(within(cancellation).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({
      feeType: 'percent',
      feePercent: 50,
      noticeHours: 48,
      text: 'Cancel 48 hours ahead or pay half.',
    });
  });

  it('refuses a fee, a notice or a text the server would refuse, on the field, without asking it', async () => {
    const user = renderPolicies();
    const cancellation = await card('Cancellation policy');
    await user.type(within(cancellation).getByLabelText('Fee (£)'), '-5');
    const notice = within(cancellation).getByLabelText('Notice period (hours)');
    await user.clear(notice);
    await user.type(notice, '500');
    await user.type(within(cancellation).getByLabelText('Policy text'), 'Short');
    await user.click(within(cancellation).getByRole('button', { name: 'Save policy' }));
    const fee = within(cancellation).getByLabelText('Fee (£)');
    await waitFor(() => expect(fee.getAttribute('aria-invalid')).toBe('true'));
    expect(within(cancellation).getByText(POLICY_MESSAGES.invalidFee)).toBeTruthy();
    expect(within(cancellation).getByText(POLICY_MESSAGES.invalidNotice)).toBeTruthy();
    expect(within(cancellation).getByText(POLICY_MESSAGES.textRequired)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("shows the server's refusal on the fee field", async () => {
    refuseWith = { feeAmount: POLICY_MESSAGES.invalidFee };
    const user = renderPolicies();
    const noShow = await card('No-show fee');
    await user.type(within(noShow).getByLabelText('Fee (£)'), '40');
    await user.type(within(noShow).getByLabelText('Policy text'), TEXT);
    await user.click(within(noShow).getByRole('button', { name: 'Save policy' }));
    expect(await within(noShow).findByText(POLICY_MESSAGES.invalidFee)).toBeTruthy();
    expect(await screen.findByText(POLICY_MESSAGES.saveFailed)).toBeTruthy();
  });

  it('fills the form with the policy in force and turns it off', async () => {
    policies = { cancellation: null, no_show: aPolicy() };
    const user = renderPolicies();
    const noShow = await card('No-show fee');
    expect((within(noShow).getByLabelText('Fee (£)') as HTMLInputElement).value).toBe('40.00');
    expect(within(noShow).getByTestId('policy-no_show-status').textContent).toBe(
      'In force: version 3, £40.00, saved 20 November 2026.',
    );
    await user.click(within(noShow).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(deleted).toEqual(['no_show']));
    expect(await screen.findByText(POLICY_MESSAGES.turnedOff('no_show'))).toBeTruthy();
    await waitFor(() => expect(within(noShow).getByText(POLICY_MESSAGES.notSet)).toBeTruthy());
    expect(document.activeElement).toBe(within(noShow).getByTestId('policy-no_show-status'));
  });
});
