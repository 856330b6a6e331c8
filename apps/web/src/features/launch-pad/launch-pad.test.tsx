import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LaunchPad, type LaunchPadProgress } from './launch-pad';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const none: LaunchPadProgress = { connected: false, linkCreated: false, linkSent: false };

function renderLaunchPad(progress: LaunchPadProgress) {
  render(
    <MemoryRouter>
      <LaunchPad progress={progress} />
    </MemoryRouter>,
  );
  return {
    dismiss: screen.getByRole('button', { name: 'Dismiss' }) as HTMLButtonElement,
    user: userEvent.setup(),
  };
}

const launchPadShown = () => screen.queryByRole('heading', { name: 'Launch Pad' }) !== null;

describe('the Launch Pad', () => {
  it('tells a clinic that is not connected, with a link to Settings → Payments', () => {
    renderLaunchPad(none);
    expect(screen.getByText(/not connected to a payment provider/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect in Settings' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=payments',
    );
  });

  it('cannot be dismissed before any step is done', async () => {
    const { dismiss, user } = renderLaunchPad(none);
    expect(dismiss.disabled).toBe(true);
    await user.click(dismiss);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launchPadShown()).toBe(true);
    expect(localStorage.getItem('launchPadDismissed')).toBeNull();
  });

  it("asks 'Dismiss Launch Pad?' while some steps remain, and stays on Cancel", async () => {
    const { dismiss, user } = renderLaunchPad({ ...none, connected: true });
    await user.click(dismiss);
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Launch Pad?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(launchPadShown()).toBe(true);
    expect(localStorage.getItem('launchPadDismissed')).toBeNull();
    // Focus goes back to the button that opened the question.
    await waitFor(() => expect(document.activeElement).toBe(dismiss));
  });

  it('is dismissed once the question is confirmed, and remembered', async () => {
    const { dismiss, user } = renderLaunchPad({ ...none, linkCreated: true, linkSent: true });
    await user.click(dismiss);
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Launch Pad?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(launchPadShown()).toBe(false));
    expect(localStorage.getItem('launchPadDismissed')).toBe('true');
  });

  it('is dismissed at once when every step is done', async () => {
    const { dismiss, user } = renderLaunchPad({ connected: true, linkCreated: true, linkSent: true });
    await user.click(dismiss);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launchPadShown()).toBe(false);
    expect(localStorage.getItem('launchPadDismissed')).toBe('true');
  });

  it('stays hidden when this browser dismissed it before', () => {
    localStorage.setItem('launchPadDismissed', 'true');
    render(
      <MemoryRouter>
        <LaunchPad progress={none} />
      </MemoryRouter>,
    );
    expect(launchPadShown()).toBe(false);
  });
});
