/**
 * sonner loaded with the first toast (decision 0127): a toast made before sonner has loaded is shown
 * once it has, with the id the caller was given; until then it can be read and dismissed. Each test takes
 * a fresh copy of the module (and of sonner), as a page starts with neither loaded.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

async function freshModule() {
  vi.resetModules();
  return import('./sonner-on-demand');
}

describe('sonner on demand', () => {
  it('renders no toaster until the first toast, then shows that toast and the next ones', async () => {
    const { toast, Toaster } = await freshModule();
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe('');
    const id = toast.success('Signed in successfully');
    expect(id).toMatch(/^toast-\d+$/);
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    toast.error('Invalid email or password');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    toast.dismiss();
  });

  it('answers the toasts still waiting for sonner, and dismisses one of them by its id', async () => {
    const { toast } = await freshModule();
    const first = toast.info('First');
    toast.warning('Second', { id: 'second' });
    expect(toast.getToasts()).toEqual([
      { id: first, type: 'info', title: 'First' },
      { id: 'second', type: 'warning', title: 'Second' },
    ]);
    toast.dismiss(first);
    expect(toast.getToasts().map((shown) => 'title' in shown && shown.title)).toEqual(['Second']);
    // Once sonner has loaded, its own list answers.
    const { Toaster } = await import('./sonner-on-demand');
    render(<Toaster />);
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
    await waitFor(() => expect(toast.getToasts().map((shown) => shown.id)).toEqual(['second']));
    toast.dismiss();
  });

  it("updates a toast by the id it returned before sonner loaded, as a loading toast's outcome does", async () => {
    const { toast, Toaster } = await freshModule();
    render(<Toaster />);
    const loading = toast.loading('Processing refund...');
    toast.error('The refund failed', { id: loading });
    expect(await screen.findByText('The refund failed')).toBeTruthy();
    expect(screen.queryByText('Processing refund...')).toBeNull();
    toast.dismiss();
  });
});
