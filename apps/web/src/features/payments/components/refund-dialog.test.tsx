import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { paymentDetails } from '../test-support';
import { RefundDialog } from './refund-dialog';

const server = startMockServer();

/** A payment of £50.00 of which £30.00 may still be refunded. */
const payment = paymentDetails({ amount: 5000, refundableAmount: 3000, status: 'partially_refunded' });

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithApp(<RefundDialog payment={payment} open onOpenChange={onOpenChange} />);
  const input = screen.getByLabelText('Refund amount (£)') as HTMLInputElement;
  const submit = screen.getByRole('button', { name: 'Refund' });
  return { onOpenChange, input, submit, user: userEvent.setup() };
}

function answerRefund(
  status: 'paid' | 'partially_refunded' | 'refunded',
  requests: unknown[] = [],
  refundStatus: 'pending' | 'succeeded' = 'succeeded',
) {
  server.use(
    http.post('/api/payments/:paymentId/refunds', async ({ request, params }) => {
      const body = (await request.json()) as { amount: number };
      requests.push({ paymentId: params.paymentId, body });
      return HttpResponse.json({
        refund: { id: 'ref_1', amount: body.amount, status: refundStatus },
        payment: { id: payment.id, status, refundedAmount: 2000 + body.amount },
      });
    }),
  );
  return requests;
}

describe('the refund dialog', () => {
  it('shows the payment amount and the patient, and offers all that may still be refunded', async () => {
    const { input, submit } = renderDialog();
    expect(screen.getByRole('dialog').textContent).toContain('£50.00');
    expect(screen.getByRole('dialog').textContent).toContain('Ada Lovelace');
    expect(input.value).toBe('30.00');
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0.01');
    expect(input.getAttribute('max')).toBe('30.00');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it.each(['0', '', '-5', '1.234'])(
    "refuses '%s' with the spec's message and disables Refund",
    async (typed) => {
      const { input, submit, user } = renderDialog();
      await user.clear(input);
      if (typed) await user.type(input, typed);
      const message = await screen.findByText('Please enter a valid amount greater than 0');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(message.id);
      expect((submit as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it('refuses more than may still be refunded', async () => {
    const { input, submit, user } = renderDialog();
    await user.clear(input);
    await user.type(input, '30.01');
    expect(await screen.findByText('Refund amount cannot exceed the payment amount (£30.00)')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a partial refund in pence and says how much was refunded', async () => {
    const requests = answerRefund('partially_refunded');
    const { input, submit, onOpenChange, user } = renderDialog();
    await user.clear(input);
    await user.type(input, '12.5');
    await user.click(submit);
    expect(await screen.findByText('Partial refund of £12.50 processed successfully')).toBeTruthy();
    expect(requests).toEqual([{ paymentId: payment.id, body: { amount: 1250 } }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says the payment was refunded when nothing remains', async () => {
    const requests = answerRefund('refunded');
    const { submit, user } = renderDialog();
    await user.click(submit);
    expect(await screen.findByText('Payment refunded successfully')).toBeTruthy();
    expect(requests).toEqual([{ paymentId: payment.id, body: { amount: 3000 } }]);
  });

  it('says a refund the card provider has not finished was requested, not made', async () => {
    answerRefund('partially_refunded', [], 'pending');
    const { submit, user } = renderDialog();
    await user.click(submit);
    expect(
      await screen.findByText('Refund of £30.00 requested. The card provider is still processing it.'),
    ).toBeTruthy();
    expect(screen.queryByText('Payment refunded successfully')).toBeNull();
  });

  it('cannot be closed or sent twice while the refund is processing', async () => {
    let answer: (response: Response) => void = () => {};
    server.use(
      http.post('/api/payments/:paymentId/refunds', () => new Promise<Response>((r) => (answer = r))),
    );
    const { submit, onOpenChange, user } = renderDialog();
    await user.click(submit);
    expect(await screen.findByText('Processing refund...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    answer(
      HttpResponse.json({ code: 'REFUND_FAILED', message: 'Refund processing failed' }, { status: 502 }),
    );
    expect(await screen.findByText('Refund processing failed')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy());
  });

  it("shows the server's message when the refund is refused", async () => {
    server.use(
      http.post('/api/payments/:paymentId/refunds', () =>
        HttpResponse.json(
          { code: 'PAYMENT_NOT_REFUNDABLE', message: 'Only a paid payment can be refunded' },
          { status: 409 },
        ),
      ),
    );
    const { submit, onOpenChange, user } = renderDialog();
    await user.click(submit);
    expect(await screen.findByText('Only a paid payment can be refunded')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
