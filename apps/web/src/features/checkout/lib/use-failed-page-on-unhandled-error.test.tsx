import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFailedPageOnUnhandledError } from './use-failed-page-on-unhandled-error';

afterEach(cleanup);

function PaymentForm() {
  useFailedPageOnUnhandledError('/payment/failed?link_id=abc');
  return <p>payment form</p>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/payment/abc', element: <PaymentForm /> },
      { path: '/payment/failed', element: <p>failed page</p> },
    ],
    { initialEntries: ['/payment/abc'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function uncaught(error: unknown, filename: string) {
  act(() => {
    window.dispatchEvent(new ErrorEvent('error', { error, filename }));
  });
}

describe('an unhandled error on the payment form', () => {
  it("goes to the failed page when ClinicPay's own script throws", async () => {
    const router = renderForm();
    uncaught(new Error('boom'), `${window.location.origin}/assets/payment-page.js`);
    expect(await screen.findByText('failed page')).toBeTruthy();
    expect(router.state.location.search).toBe('?link_id=abc');
  });

  it('goes to the failed page on an unhandled rejection from our code', async () => {
    renderForm();
    const reason = new Error('boom');
    reason.stack = `Error: boom\n    at pay (${window.location.origin}/assets/payment-page.js:1:2)`;
    act(() => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.assign(event, { reason });
      window.dispatchEvent(event);
    });
    expect(await screen.findByText('failed page')).toBeTruthy();
  });

  it("stays on the form for Stripe.js's errors and for browser reports without an error", () => {
    renderForm();
    uncaught(new Error('stripe'), 'https://js.stripe.com/v3/');
    uncaught(null, `${window.location.origin}/assets/payment-page.js`);
    expect(screen.getByText('payment form')).toBeTruthy();
  });
});
