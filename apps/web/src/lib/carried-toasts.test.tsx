import { cleanup, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { carryToasts, showCarriedToasts } from './carried-toasts';

afterEach(() => {
  cleanup();
  toast.dismiss();
  sessionStorage.clear();
});

// Decision 0127: the public site and the signed-in app are two pages; a toast goes from one to the other.
describe('toasts carried across a page load', () => {
  it('keeps the toasts on screen and shows them again, once, on the next page', async () => {
    toast.dismiss();
    toast.success('Signed in successfully');
    toast.info('Check your authenticator app');
    carryToasts();
    toast.dismiss();
    render(<Toaster />);
    showCarriedToasts();
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    expect(await screen.findByText('Check your authenticator app')).toBeTruthy();
    expect(sessionStorage.getItem('carriedToasts')).toBeNull();
  });

  it('keeps nothing when no toast is on screen, and ignores what it did not write', () => {
    toast.dismiss();
    carryToasts();
    expect(sessionStorage.getItem('carriedToasts')).toBeNull();
    sessionStorage.setItem('carriedToasts', '{"not":"a list"}');
    showCarriedToasts();
    sessionStorage.setItem('carriedToasts', '[{"type":"eval","message":"x"},{"type":"error"}]');
    showCarriedToasts();
    expect(toast.getToasts()).toEqual([]);
  });
});
