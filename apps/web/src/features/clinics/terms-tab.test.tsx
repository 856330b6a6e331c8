/**
 * Settings → Terms (docs/decisions/0107-payment-terms.md): the clinic writes its payment terms, each
 * change saved as a new version; too short a text is refused on its field without a request; the terms
 * can be turned off.
 */
import { TERMS_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { SettingsPage } from './settings-page';
import { aClinic } from './test-support';

const TEXT = 'Deposits are non-refundable within 48 hours of the appointment.';
let terms: { id: string; version: number; text: string; createdAt: string } | null = null;
let saved: unknown[] = [];
let turnedOff = 0;
startMockServer(
  [
    http.get('/api/clinic', () => HttpResponse.json({ clinic: aClinic() })),
    http.get('/api/clinic/terms', () => HttpResponse.json({ terms, changed: false })),
    http.put('/api/clinic/terms', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      saved.push(body);
      terms = {
        id: 't2',
        version: (terms?.version ?? 0) + 1,
        text: body.text,
        createdAt: '2026-11-29T10:00:00.000Z',
      };
      return HttpResponse.json({ terms, changed: true });
    }),
    http.delete('/api/clinic/terms', () => {
      turnedOff += 1;
      terms = null;
      return HttpResponse.json({ terms: null, changed: true });
    }),
  ],
  () => {
    terms = null;
    saved = [];
    turnedOff = 0;
  },
);

function renderTerms() {
  renderWithApp(<SettingsPage securityTab={null} teamTab={null} />, {
    path: '/dashboard/settings?tab=terms',
  });
  return userEvent.setup();
}

describe('Settings → Terms', () => {
  it('saves the terms as a new version and says which is in force', async () => {
    const user = renderTerms();
    expect(await screen.findByText(TERMS_MESSAGES.notSet)).toBeTruthy();
    await user.type(screen.getByLabelText(TERMS_MESSAGES.textLabel), TEXT);
    await user.click(screen.getByRole('button', { name: TERMS_MESSAGES.save }));
    await waitFor(() => expect(saved).toEqual([{ text: TEXT }]));
    expect(await screen.findByText(TERMS_MESSAGES.saved(1))).toBeTruthy();
    expect((await screen.findByTestId('terms-status')).textContent).toContain('In force: version 1');
  });

  it('refuses too short a text on its field, sending nothing', async () => {
    const user = renderTerms();
    const field = await screen.findByLabelText(TERMS_MESSAGES.textLabel);
    await user.type(field, 'Too short');
    await user.click(screen.getByRole('button', { name: TERMS_MESSAGES.save }));
    const message = await screen.findByText(TERMS_MESSAGES.textRequired);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(saved).toEqual([]);
  });

  it('turns the terms off', async () => {
    terms = { id: 't1', version: 3, text: TEXT, createdAt: '2026-11-20T10:00:00.000Z' };
    const user = renderTerms();
    await user.click(await screen.findByRole('button', { name: TERMS_MESSAGES.turnOff }));
    expect(await screen.findByText(TERMS_MESSAGES.turnedOff)).toBeTruthy();
    expect(turnedOff).toBe(1);
    expect(await screen.findByText(TERMS_MESSAGES.notSet)).toBeTruthy();
  });
});
