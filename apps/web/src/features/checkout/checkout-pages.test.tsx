import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aPaymentPage, PAYMENT_PAGE_ID } from '@/testing/payment-page-data';
import { REFERENCE_POLL_MS, REFERENCE_RETRIES } from './api/get-payment-reference';
import { FailedPage } from './failed-page';
import { PaymentPage } from './payment-page';
import { SuccessPage } from './success-page';

// Journeys that type a whole form run longer than vitest's 5 s default on a busy machine.
const JOURNEY_MS = 20_000;
const LINK_ID = PAYMENT_PAGE_ID;
const aPage = aPaymentPage;

let paymentPage = aPage();
let intentsCreated: unknown[] = [];
let confirmedCards: { number: string }[] = [];
let viewed: string[] = [];
const server = startMockServer(
  [
    http.get('/api/public/payments/:id', () => HttpResponse.json(paymentPage)),
    http.post('/api/public/payments/:id/viewed', ({ params }) => {
      viewed.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/payment-provider/config', () =>
      HttpResponse.json({ provider: 'sandbox', publishableKey: null }),
    ),
    http.post('/api/public/payments/:id/payment-intents', async ({ request }) => {
      intentsCreated.push(await request.json());
      return HttpResponse.json({
        paymentIntentId: 'pi_sbx_1',
        clientSecret: 'pi_sbx_1_secret',
        amount: 4500,
      });
    }),
    http.post('/api/sandbox/payment-intents/:id/confirm', async ({ request }) => {
      const { card } = (await request.json()) as { card: { number: string } };
      confirmedCards.push(card);
      return HttpResponse.json({
        paymentIntent: { id: 'pi_sbx_1', status: 'requires_payment_method' },
        error: { code: 'card_declined', message: 'Your card was declined.' },
      });
    }),
  ],
  () => {
    sessionStorage.clear();
    paymentPage = aPage();
    intentsCreated = [];
    confirmedCards = [];
    viewed = [];
  },
);
beforeAll(() => {
  // The sandbox wallet's switch (Radix) watches its size; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function renderAt(path: string) {
  const { router } = renderWithApp(
    [
      { path: '/payment/success', element: <SuccessPage /> },
      { path: '/payment/failed', element: <FailedPage /> },
      { path: '/payment/:id', element: <PaymentPage /> },
    ],
    { path },
  );
  return { user: userEvent.setup(), router };
}

async function fillPayer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full Name'), 'Ada Patient');
  await user.type(screen.getByLabelText('Email'), 'ada@patient.example');
  await user.type(screen.getByLabelText('Phone Number (optional)'), '07700 900123');
}

/** Types a card, the payer's details being on the form already. */
async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const field = screen.getByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

/** The sandbox's answers: 4242 4242 4242 4242 pays, the others decline with Stripe's code and message. */
const DECLINES: Record<string, { code: string; declineCode?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const ADVICE = 'Nothing was taken. Check your card details and try again, or use another card.';

function sandboxAnswers() {
  server.use(
    http.post('/api/sandbox/payment-intents/:id/confirm', async ({ request }) => {
      const { card } = (await request.json()) as { card: { number: string } };
      confirmedCards.push(card);
      const decline = DECLINES[card.number];
      return HttpResponse.json(
        decline
          ? { paymentIntent: { id: 'pi_sbx_1', status: 'requires_payment_method' }, error: decline }
          : { paymentIntent: { id: 'pi_sbx_1', status: 'succeeded' } },
      );
    }),
    http.get('/api/public/payment-intents/:id/reference', () =>
      HttpResponse.json({ reference: 'CP-AB12-CD34' }),
    ),
  );
}

describe('a declined card keeps the patient on the form (decision 0100)', () => {
  it(
    'shows the reason in an alert with focus, keeps the details, and a second card pays with the same intent',
    async () => {
      sandboxAnswers();
      const { user, router } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await typeCard(user, '4000000000000002');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(`Payment failed: Your card was declined. ${ADVICE}`);
      await waitFor(() => expect(document.activeElement).toBe(alert));
      expect(router.state.location.pathname).toBe(`/payment/${LINK_ID}`);
      expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
      // The card field is marked, and described by the alert; what was typed stays.
      const number = screen.getByLabelText('Card number');
      expect(number.getAttribute('aria-invalid')).toBe('true');
      expect(number.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
      expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Ada Patient');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@patient.example');
      expect((screen.getByLabelText('Phone Number (optional)') as HTMLInputElement).value).toBe(
        '07700 900123',
      );
      const pay = screen.getByRole('button', { name: 'Pay £45.00' }) as HTMLButtonElement;
      expect(pay.disabled).toBe(false);

      // Another card: the mark goes with the declined card, and the retry pays.
      await typeCard(user, '4242424242424242');
      expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBeNull();
      await user.click(pay);
      await waitFor(() =>
        expect(router.state.location.search).toBe(`?link_id=${LINK_ID}&payment_id=pi_sbx_1`),
      );
      expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
      expect(confirmedCards.map((card) => card.number)).toEqual(['4000000000000002', '4242424242424242']);
      // One attempt id for both: the server hands back the declined intent, so the patient is charged once.
      expect(intentsCreated).toHaveLength(2);
      expect((intentsCreated[0] as { attemptId: string }).attemptId).toBe(
        (intentsCreated[1] as { attemptId: string }).attemptId,
      );
    },
    JOURNEY_MS,
  );

  it.each([
    ['4000000000009995', 'Your card has insufficient funds.', 'Card number'],
    ['4000000000000069', 'Your card has expired.', 'Expiry (MM/YY)'],
    ['4000000000000127', "Your card's security code is incorrect.", 'CVC'],
  ])(
    'card %s: says %s and marks %s',
    async (number, reason, marked) => {
      sandboxAnswers();
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await typeCard(user, number);
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(`Payment failed: ${reason} ${ADVICE}`);
      const field = screen.getByLabelText(marked);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    },
    JOURNEY_MS,
  );

  it(
    'says why when the server will not make the intent, on the form, without marking the card',
    async () => {
      server.use(
        http.post('/api/public/payments/:id/payment-intents', () =>
          HttpResponse.json(
            {
              code: 'REQUEST_ALREADY_PAID',
              message: 'This payment request has already been paid. Thank you.',
            },
            { status: 409 },
          ),
        ),
      );
      const { user, router } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await typeCard(user, '4242424242424242');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Payment failed: This payment request has already been paid. Thank you.',
      );
      expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBeNull();
      expect(router.state.location.pathname).toBe(`/payment/${LINK_ID}`);
      expect(confirmedCards).toEqual([]);
    },
    JOURNEY_MS,
  );

  it('keeps the failed page for its route, with the general reasons and Try Again', async () => {
    renderAt(`/payment/failed?link_id=${LINK_ID}`);
    expect(await screen.findByRole('heading', { name: 'Clinic Information' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Payment declined by your bank')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(`/payment/${LINK_ID}`);
  });
});

describe('a failed 3-D Secure brings the patient back to the form, saying why (decision 0100)', () => {
  it.each([
    ['a payment', 'payment_intent=pi_sbx_1'],
    ['a card saving', 'setup_intent=seti_sbx_1'],
  ])(
    'after %s: the form, its details kept, with the message in an alert that has focus',
    async (_case, intent) => {
      sessionStorage.setItem(
        `clinicpay:payer:${LINK_ID}`,
        JSON.stringify({ name: 'Ada Patient', email: 'ada@patient.example', phone: null }),
      );
      const { router } = renderAt(
        `/payment/success?link_id=${LINK_ID}&${intent}&payment_intent_client_secret=x&redirect_status=failed`,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        "We couldn't confirm it was you. Your bank's check was not completed, so nothing was taken. Try again, or use another card.",
      );
      await waitFor(() => expect(document.activeElement).toBe(alert));
      expect(router.state.location.pathname).toBe(`/payment/${LINK_ID}`);
      expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Ada Patient');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@patient.example');
      expect(screen.queryByText(/Payment Successful|Payment Failed/)).toBeNull();
      // Said once: the history entry no longer carries it, so a reload shows the plain form.
      await waitFor(() => expect(router.state.location.state).toBeNull());
      expect(screen.getByRole('alert')).toBe(alert);
    },
    JOURNEY_MS,
  );
});

describe('the payment form refuses a bad card before any request (decision 0024)', () => {
  it.each([
    ['4242424242424241', '1234', 'Card number', 'Your card number is invalid.'],
    ['4242424242424242', '1334', 'Expiry (MM/YY)', "Your card's expiry month must be between 01 and 12."],
    ['4242424242424242', '0120', 'Expiry (MM/YY)', "Your card's expiry date is in the past."],
  ])(
    'card %s expiring %s: %s says %s and has focus',
    async (number, expiry, label, message) => {
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await user.type(screen.getByLabelText('Card number'), number);
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
      await user.type(screen.getByLabelText('CVC'), '123');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      // One message, at the field: none for the form besides.
      expect(screen.queryByText('Card information is not complete')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getAllByText(message)).toHaveLength(1);
      const field = screen.getByLabelText(label);
      expect(document.activeElement).toBe(field);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(message).id).toBe(field.getAttribute('aria-describedby'));
      expect(intentsCreated).toEqual([]);
    },
    JOURNEY_MS,
  );

  it('ties the payer-detail messages to their fields and focuses the first', async () => {
    const { user } = renderAt(`/payment/${LINK_ID}`);
    await user.type(await screen.findByLabelText('Full Name'), 'Al');
    await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
    const name = screen.getByLabelText('Full Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name must be at least 3 characters').id).toBe(
      name.getAttribute('aria-describedby'),
    );
    // Focus moves once the message is drawn (lib/form-errors.ts), so a screen reader reads it there.
    await waitFor(() => expect(document.activeElement).toBe(name));
    // The card's parts say what they need too, without taking focus from the name.
    expect(screen.getByText('Enter your card number.')).toBeTruthy();
    expect(intentsCreated).toEqual([]);
  });
});

describe('the clinic’s payment terms are accepted before paying (docs/decisions/0107-payment-terms.md)', () => {
  const TERMS = { id: 'terms-1', version: 2, text: 'Deposits are non-refundable within 48 hours.' };

  it(
    'shows the terms, refuses Pay until the box is ticked, then sends it with the version',
    async () => {
      paymentPage = aPage({ terms: TERMS });
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      const region = screen.getByRole('region', {
        name: 'Marylebone Skin Clinic’s payment terms, version 2',
      });
      expect(region.textContent).toBe(TERMS.text);
      // The text scrolls in its own region, which the keyboard reaches.
      expect(region.getAttribute('tabindex')).toBe('0');
      const box = screen.getByLabelText('I have read and accept these payment terms') as HTMLInputElement;
      expect(box.checked).toBe(false);
      // The wallet waits for the box: a wallet pays under the terms once they are accepted.
      expect(screen.queryByLabelText(/Simulate a device with a wallet/)).toBeNull();

      await typeCard(user, '4242424242424242');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      expect(intentsCreated).toEqual([]);
      const message = screen.getByText('Please confirm you have read and accept the payment terms');
      expect(box.getAttribute('aria-describedby')).toContain(message.id);
      await waitFor(() => expect(document.activeElement).toBe(box));

      await user.click(box);
      expect(screen.getByLabelText(/Simulate a device with a wallet/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      await waitFor(() => expect(intentsCreated).toHaveLength(1));
      expect(intentsCreated[0]).toMatchObject({ termsAccepted: true, termsVersion: 2 });
    },
    JOURNEY_MS,
  );

  it(
    'says so on the box when the terms changed meanwhile, and shows the new version',
    async () => {
      paymentPage = aPage({ terms: TERMS });
      server.use(
        http.post('/api/public/payments/:id/payment-intents', () => {
          paymentPage = aPage({ terms: { ...TERMS, id: 'terms-2', version: 3, text: 'New terms apply.' } });
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              message: 'The clinic’s payment terms have just changed. Please read them again before paying.',
              fieldErrors: {
                termsAccepted:
                  'The clinic’s payment terms have just changed. Please read them again before paying.',
              },
            },
            { status: 400 },
          );
        }),
      );
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await typeCard(user, '4242424242424242');
      await user.click(screen.getByLabelText('I have read and accept these payment terms'));
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      expect(
        await screen.findByText(
          'The clinic’s payment terms have just changed. Please read them again before paying.',
        ),
      ).toBeTruthy();
      expect(await screen.findByText('New terms apply.')).toBeTruthy();
      expect(
        (screen.getByLabelText('I have read and accept these payment terms') as HTMLInputElement).checked,
      ).toBe(false);
    },
    JOURNEY_MS,
  );
});

describe('a page that saves the card asks for consent to the policies (decision 0092)', () => {
  const terms = [
    {
      kind: 'cancellation' as const,
      version: 3,
      text: 'Cancelling with less than a day of notice costs half the price.',
      maximumAmount: 2250,
      noticeHours: 24,
    },
    {
      kind: 'no_show' as const,
      version: 1,
      text: 'A missed appointment is charged £40.00.',
      maximumAmount: 4000,
      noticeHours: null,
    },
  ];

  it(
    'shows each policy with its maximum, refuses Pay until the box is ticked, then sends the consent',
    async () => {
      paymentPage = aPage({ cardOnFile: terms });
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      const section = screen.getByRole('region', { name: 'Card saved for your appointment' });
      expect(section.textContent).toContain('Cancellation policy: up to £22.50 (less than 24 hours’ notice)');
      expect(section.textContent).toContain('No-show fee: up to £40.00');
      expect(section.textContent).toContain('A missed appointment is charged £40.00.');
      const consent = screen.getByLabelText(/I agree to the policies above/) as HTMLInputElement;
      expect(consent.checked).toBe(false);
      // No wallet: the consent box is the form's.
      expect(screen.queryByLabelText(/Simulate a device with a wallet/)).toBeNull();

      await user.type(screen.getByLabelText('Card number'), '4242424242424242');
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
      await user.type(screen.getByLabelText('CVC'), '123');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      expect(intentsCreated).toEqual([]);
      const message = screen.getByText('Please agree to the clinic’s policies to continue');
      expect(consent.getAttribute('aria-invalid')).toBe('true');
      expect(consent.getAttribute('aria-describedby')).toContain(message.id);
      await waitFor(() => expect(document.activeElement).toBe(consent));

      await user.click(consent);
      expect(screen.queryByText('Please agree to the clinic’s policies to continue')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      await waitFor(() => expect(intentsCreated).toHaveLength(1));
      expect(intentsCreated[0]).toMatchObject({ name: 'Ada Patient', cardOnFileConsent: true });
    },
    JOURNEY_MS,
  );

  it(
    'sends no consent from a page that saves no card',
    async () => {
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      expect(screen.queryByLabelText(/I agree to the policies above/)).toBeNull();
      await user.type(screen.getByLabelText('Card number'), '4242424242424242');
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
      await user.type(screen.getByLabelText('CVC'), '123');
      await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
      await waitFor(() => expect(intentsCreated).toHaveLength(1));
      expect(intentsCreated[0]).not.toHaveProperty('cardOnFileConsent');
    },
    JOURNEY_MS,
  );
});

describe("the payer's phone is the server's to normalise (decision 0112)", () => {
  const payWithGoodCard = async (user: ReturnType<typeof userEvent.setup>) => {
    await fillPayer(user);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £45.00' }));
  };

  it(
    'sends the phone as typed, trimmed; the server puts it in E.164',
    async () => {
      const { user } = renderAt(`/payment/${LINK_ID}`);
      await payWithGoodCard(user);
      await waitFor(() => expect(intentsCreated).toHaveLength(1));
      expect(intentsCreated[0]).toMatchObject({ name: 'Ada Patient', phone: '07700 900123' });
    },
    JOURNEY_MS,
  );

  it(
    "shows the server's refusal of a detail at its field, with focus there, and stays on the form",
    async () => {
      server.use(
        http.post('/api/public/payments/:id/payment-intents', () =>
          HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Please enter a valid phone number',
              fieldErrors: { phone: 'Please enter a valid phone number' },
            },
            { status: 400 },
          ),
        ),
      );
      const { user, router } = renderAt(`/payment/${LINK_ID}`);
      await payWithGoodCard(user);
      const phone = screen.getByLabelText('Phone Number (optional)');
      await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText('Please enter a valid phone number').id).toBe(
        phone.getAttribute('aria-describedby'),
      );
      await waitFor(() => expect(document.activeElement).toBe(phone));
      expect(router.state.location.pathname).toBe(`/payment/${LINK_ID}`);
      expect(confirmedCards).toEqual([]);
    },
    JOURNEY_MS,
  );
});

describe('the payment page (decision 0024)', () => {
  it('shows a skeleton with the loading text, then the amount on the pay button', async () => {
    renderAt(`/payment/${LINK_ID}`);
    expect(screen.getByRole('status').textContent).toBe('Loading payment information...');
    expect(await screen.findByRole('button', { name: 'Pay £45.00' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Payment' })).toBeTruthy();
  });

  it("links the clinic's email and phone", async () => {
    renderAt(`/payment/${LINK_ID}`);
    await screen.findByRole('button', { name: 'Pay £45.00' });
    const email = screen.getAllByRole('link', { name: 'desk@marylebone.example' })[0];
    const phone = screen.getAllByRole('link', { name: '020 7946 0123' })[0];
    expect(email?.getAttribute('href')).toBe('mailto:desk@marylebone.example');
    expect(phone?.getAttribute('href')).toBe('tel:02079460123');
  });

  it('hides the form and the payment heading when the clinic cannot take payments', async () => {
    paymentPage = aPage({ payability: 'not_connected' });
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Unavailable' })).toBeTruthy();
    expect(
      screen.getByText(
        'This clinic has not set up payment processing. Please contact the clinic directly to arrange payment.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Complete Your Payment')).toBeNull();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByTestId('statement-line')).toBeNull();
  });

  it("says card payments are temporarily unavailable when the clinic's are paused, not blaming its set-up", async () => {
    paymentPage = aPage({
      payability: 'unavailable',
      clinic: { ...aPage().clinic, stripeStatus: 'restricted' },
    });
    renderAt(`/payment/${LINK_ID}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Unavailable' });
    expect(heading.parentElement?.getAttribute('role')).toBe('alert');
    expect(
      screen.getByText(
        'Card payments to this clinic are temporarily unavailable. Please contact the clinic directly to arrange payment.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/has not set up payment processing/)).toBeNull();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByTestId('statement-line')).toBeNull();
  });

  it('shows a cancelled request as cancelled, with the clinic’s message and contact details, and no form', async () => {
    paymentPage = aPage({
      isRequest: true,
      payability: 'cancelled',
      closedNote: 'Please call reception to rebook.',
    });
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Request Cancelled' })).toBeTruthy();
    expect(screen.getByText(/The clinic has cancelled this payment request/)).toBeTruthy();
    expect(screen.getByText('Please call reception to rebook.')).toBeTruthy();
    // The clinic's contact details stay on the page, to call or email it.
    expect(screen.getAllByRole('link', { name: 'desk@marylebone.example' })[0]?.getAttribute('href')).toBe(
      'mailto:desk@marylebone.example',
    );
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('says an expired or used-up link can no longer be paid', async () => {
    paymentPage = aPage({ payability: 'expired' });
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Link Expired' })).toBeTruthy();
    cleanup();
    paymentPage = aPage({ payability: 'used_up' });
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Link Closed' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it('tells the clinic once that the patient opened an open request, and never for a link', async () => {
    paymentPage = aPage();
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByText('Complete Your Payment')).toBeTruthy();
    cleanup();
    paymentPage = aPage({
      isRequest: true,
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
    });
    renderAt(`/payment/${LINK_ID}`);
    await waitFor(() => expect(viewed).toEqual([LINK_ID]));
  });

  it('shows the clinic’s reference under the amount (docs/decisions/0108-clinic-reference.md)', async () => {
    paymentPage = aPage({ clinicReference: 'INV-2041' });
    renderAt(`/payment/${LINK_ID}`);
    await screen.findByRole('button', { name: 'Pay £45.00' });
    const term = screen.getByText('Clinic reference');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('INV-2041');
  });

  it('tells the patient how the payment will read on their card statement (decision 0082)', async () => {
    paymentPage = aPage({ clinic: { ...aPage().clinic, cardStatementText: 'CLINICPAY* MARYLEBONE SK' } });
    renderAt(`/payment/${LINK_ID}`);
    await screen.findByRole('button', { name: 'Pay £45.00' });
    expect(screen.getByTestId('statement-line').textContent).toBe(
      'This payment will appear on your card statement as CLINICPAY* MARYLEBONE SK.',
    );
  });
});

describe('the success page (decision 0024)', () => {
  it("opened without a payment says only 'Payment Information Unavailable'", async () => {
    renderAt('/payment/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Information Unavailable' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "We couldn't retrieve your payment information. Please contact the clinic for assistance.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('offers a receipt to print from the keyboard, and forgets the payer kept for Try Again', async () => {
    server.use(
      http.get('/api/public/payment-intents/:id/reference', () =>
        HttpResponse.json({ reference: 'CP-AB12-CD34' }),
      ),
    );
    sessionStorage.setItem(
      `clinicpay:payer:${LINK_ID}`,
      JSON.stringify({ name: 'Ada Patient', email: 'ada@patient.example', phone: null }),
    );
    let printed = 0;
    window.print = () => {
      printed += 1;
    };
    const { user } = renderAt(`/payment/success?link_id=${LINK_ID}&payment_id=pi_sbx_1`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect((await screen.findByTestId('payment-reference')).textContent).toBe('CP-AB12-CD34');
    expect((await screen.findByTestId('statement-line')).textContent).toBe(
      'This payment will appear on your card statement as CLINICPAY* MARYLEBONE.',
    );
    expect(sessionStorage.getItem(`clinicpay:payer:${LINK_ID}`)).toBeNull();
    screen.getByRole('button', { name: 'Print receipt' }).focus();
    await user.keyboard('{Enter}');
    expect(printed).toBe(1);
  });
  it('asks for the reference 1 + 5 times, 2 s apart (decision 0054), then gives up and says so', async () => {
    let asked = 0;
    server.use(
      http.get('/api/public/payment-intents/:id/reference', () => {
        asked += 1;
        return HttpResponse.json({ reference: null });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt(`/payment/success?link_id=${LINK_ID}&payment_id=pi_sbx_1`);
      expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
      expect(screen.getByText('Generating payment reference...')).toBeTruthy();
      for (let attempt = 1; attempt <= REFERENCE_RETRIES; attempt += 1) {
        await waitFor(() => expect(asked).toBe(attempt));
        await vi.advanceTimersByTimeAsync(REFERENCE_POLL_MS);
      }
      expect(
        await screen.findByText(
          'Could not retrieve payment reference. Please contact the clinic for assistance.',
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(
          'Your payment succeeded, but we could not retrieve its reference. Please contact the clinic.',
        ),
      ).toBeTruthy();
      expect(asked).toBe(REFERENCE_RETRIES + 1);
      expect(screen.queryByText('Generating payment reference...')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a link that secures an appointment (decision 0095)', () => {
  const noShow = {
    kind: 'no_show' as const,
    version: 1,
    text: 'A missed appointment is charged £40.00.',
    maximumAmount: 4000,
    noticeHours: null,
  };

  it(
    'takes nothing now, saves the card with the consent, and shows the card saved with the policies',
    async () => {
      paymentPage = aPage({ amount: 12_000, securesAppointment: true, cardOnFile: [noShow] });
      const setups: unknown[] = [];
      const confirmed: string[] = [];
      let cardRecorded = false;
      server.use(
        http.post('/api/public/payments/:id/setup-intents', async ({ request }) => {
          setups.push(await request.json());
          return HttpResponse.json({ setupIntentId: 'seti_sbx_1', clientSecret: 'seti_sbx_1_secret' });
        }),
        http.post('/api/sandbox/setup-intents/:id/confirm', async ({ params }) => {
          confirmed.push(String(params.id));
          cardRecorded = true;
          return HttpResponse.json({ setupIntent: { id: 'seti_sbx_1', status: 'succeeded' } });
        }),
        http.get('/api/public/setup-intents/:id/card', () =>
          HttpResponse.json(
            cardRecorded ? { card: 'Visa ending 4242', consents: [noShow] } : { card: null, consents: [] },
          ),
        ),
      );
      const { user, router } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      expect(screen.getByRole('heading', { name: 'Secure your appointment' })).toBeTruthy();
      expect(screen.getByTestId('amount-due').textContent).toBe('£0.00');
      expect(
        screen.getByText(
          /Nothing is paid now\. Treatment price: £120\.00, paid at or after your appointment\./,
        ),
      ).toBeTruthy();
      const section = screen.getByRole('region', { name: 'Card saved for your appointment' });
      expect(section.textContent).toContain('Nothing is charged now');
      expect(section.textContent).toContain('No-show fee: up to £40.00');

      await user.type(screen.getByLabelText('Card number'), '4242424242424242');
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
      await user.type(screen.getByLabelText('CVC'), '123');
      expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save card' }));
      expect(setups).toEqual([]);
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByLabelText(/I agree to the policies/)),
      );

      await user.click(screen.getByLabelText(/I agree to the policies/));
      await user.click(screen.getByRole('button', { name: 'Save card' }));
      await waitFor(() => expect(confirmed).toEqual(['seti_sbx_1']));
      expect(setups[0]).toMatchObject({ name: 'Ada Patient', cardOnFileConsent: true });
      expect(intentsCreated).toEqual([]);
      await waitFor(() =>
        expect(router.state.location.search).toBe(`?link_id=${LINK_ID}&setup_intent=seti_sbx_1`),
      );
      expect(await screen.findByRole('heading', { name: 'Appointment secured' })).toBeTruthy();
      expect((await screen.findByTestId('saved-card')).textContent).toBe('Visa ending 4242');
      expect(screen.queryByText(/Payment Successful/)).toBeNull();
      // The policy as recorded with the card, repeated.
      expect(screen.getByRole('region', { name: 'Card saved for your appointment' }).textContent).toContain(
        'No-show fee: up to £40.00',
      );
    },
    JOURNEY_MS,
  );

  it(
    'says the card was not saved, and stays on the form, when the card is declined',
    async () => {
      paymentPage = aPage({ amount: 12_000, securesAppointment: true, cardOnFile: [noShow] });
      server.use(
        http.post('/api/public/payments/:id/setup-intents', () =>
          HttpResponse.json({ setupIntentId: 'seti_sbx_2', clientSecret: 'seti_sbx_2_secret' }),
        ),
        http.post('/api/sandbox/setup-intents/:id/confirm', () =>
          HttpResponse.json({
            setupIntent: { id: 'seti_sbx_2', status: 'requires_payment_method' },
            error: {
              code: 'card_declined',
              declineCode: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          }),
        ),
      );
      const { user, router } = renderAt(`/payment/${LINK_ID}`);
      await fillPayer(user);
      await user.type(screen.getByLabelText('Card number'), '4000000000009995');
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
      await user.type(screen.getByLabelText('CVC'), '123');
      await user.click(screen.getByLabelText(/I agree to the policies/));
      await user.click(screen.getByRole('button', { name: 'Save card' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        'Your card was not saved: Your card has insufficient funds. Nothing was taken. Check your card details and try again, or use another card.',
      );
      expect(screen.getByLabelText('Card number').getAttribute('aria-describedby')).toContain(alert.id);
      expect(router.state.location.pathname).toBe(`/payment/${LINK_ID}`);
      expect((screen.getByRole('button', { name: 'Save card' }) as HTMLButtonElement).disabled).toBe(false);
    },
    JOURNEY_MS,
  );

  it('says so when the clinic has no policy to save the card under', async () => {
    paymentPage = aPage({ amount: 12_000, securesAppointment: true, cardOnFile: null });
    renderAt(`/payment/${LINK_ID}`);
    expect(
      await screen.findByText(
        'This clinic is not saving cards for appointments at the moment. Please contact the clinic directly.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save card' })).toBeNull();
  });
});

describe('the payment pages say only what is true (decision 0096)', () => {
  it('promises a confirmation email only when the clinic emails receipts', async () => {
    server.use(
      http.get('/api/public/payment-intents/:id/reference', () =>
        HttpResponse.json({ reference: 'CP-AB12-CD34' }),
      ),
    );
    paymentPage = aPage({ clinic: { ...aPage().clinic, emailsReceipts: false } });
    renderAt(`/payment/success?link_id=${LINK_ID}&payment_id=pi_sbx_1`);
    expect(
      await screen.findByText(
        'Your payment has been processed successfully. Please keep the payment reference below as your record of this payment.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/confirmation email/)).toBeNull();
  });

  it('says the confirmation email was sent when the clinic emails receipts', async () => {
    server.use(
      http.get('/api/public/payment-intents/:id/reference', () =>
        HttpResponse.json({ reference: 'CP-AB12-CD34' }),
      ),
    );
    renderAt(`/payment/success?link_id=${LINK_ID}&payment_id=pi_sbx_1`);
    expect(
      await screen.findByText(
        'Your payment has been processed successfully. A confirmation email has been sent to your email address.',
      ),
    ).toBeTruthy();
  });

  it("shows the clinic's description and message, and only claims that hold", async () => {
    paymentPage = aPage({
      description: 'Includes the aftercare kit.',
      message: 'See you on Tuesday at 10.',
      clinic: { ...aPage().clinic, emailsReceipts: false },
    });
    renderAt(`/payment/${LINK_ID}`);
    await screen.findByRole('button', { name: 'Pay £45.00' });
    expect(screen.getByText('Includes the aftercare kit.')).toBeTruthy();
    expect(screen.getByText('Message from the clinic')).toBeTruthy();
    expect(screen.getByText('See you on Tuesday at 10.')).toBeTruthy();
    const panel = screen.getByRole('heading', { name: 'Secure Payment' }).closest('div');
    const text = panel?.textContent ?? '';
    expect(text).toContain('This is a test page: use a test card. No real money moves.');
    expect(text).toContain('Payments to Marylebone Skin Clinic are taken by ClinicPay.');
    expect(text).not.toMatch(/NHS|Bank-level|receipt is emailed/);
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });
});
