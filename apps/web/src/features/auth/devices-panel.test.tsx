import { SESSION_MESSAGES } from '@clinicpay/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { DevicesPanel } from './devices-panel';

const session = (id: string, device: string, ipAddress: string, current = false) => ({
  id,
  device,
  ipAddress,
  signedInAt: '2026-11-28T09:00:00.000Z',
  lastSeenAt: '2026-11-29T10:00:00.000Z',
  current,
});
let sessions = [
  session('s1', 'Firefox 133 on Windows', '203.0.113.7', true),
  session('s2', 'Safari 18 on iOS', '198.51.100.20'),
  session('s3', 'Chrome 131 on macOS', '192.0.2.1'),
];
let signedOut: string[] = [];
startMockServer(
  [
    http.get('/api/auth/sessions', () => HttpResponse.json({ sessions })),
    http.post('/api/auth/sessions/sign-out-others', () => {
      signedOut.push('others');
      sessions = sessions.filter((row) => row.current);
      return HttpResponse.json({ message: SESSION_MESSAGES.othersSignedOut });
    }),
    http.post('/api/auth/sessions/:id/sign-out', ({ params }) => {
      signedOut.push(String(params.id));
      sessions = sessions.filter((row) => row.id !== params.id);
      return HttpResponse.json({ message: SESSION_MESSAGES.signedOut });
    }),
  ],
  () => {
    signedOut = [];
  },
);

describe('Settings → Security: signed-in devices', () => {
  it('lists each device, marks this one, signs one out and then every other', async () => {
    const user = userEvent.setup();
    renderWithApp(<DevicesPanel />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Firefox 133 on Windows (this device)');
    expect(rows[0]?.textContent).toContain('203.0.113.7');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out: Safari 18 on iOS, 198.51.100.20' }));
    await waitFor(() => expect(signedOut).toEqual(['s2']));
    expect(await screen.findByText(SESSION_MESSAGES.signedOut)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS')).toBeNull());

    cleanup();
    sessions = [...sessions, session('s4', 'Edge 131 on Windows', '192.0.2.9')];
    renderWithApp(<DevicesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Sign out every other device' }));
    await waitFor(() => expect(signedOut).toEqual(['s2', 'others']));
  });
});
