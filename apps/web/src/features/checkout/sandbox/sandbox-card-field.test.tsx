import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardFieldHandle, type SandboxCard, SandboxCardField } from './sandbox-card-field';

afterEach(cleanup);

function renderField() {
  const cards: (SandboxCard | null)[] = [];
  const handle = createRef<CardFieldHandle>();
  render(<SandboxCardField ref={handle} onChange={(card) => cards.push(card)} />);
  return {
    user: userEvent.setup(),
    number: screen.getByLabelText('Card number') as HTMLInputElement,
    expiry: screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement,
    cvc: screen.getByLabelText('CVC') as HTMLInputElement,
    lastCard: () => cards.at(-1),
    handle,
  };
}

/** The message tied to `input` by aria-describedby (its error, not its hint). */
function messageOf(input: HTMLElement) {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? document.getElementById(error)?.textContent : undefined;
}

describe('the sandbox card field (decision 0024)', () => {
  it('formats the number in groups and the expiry typed as 1234 as "12 / 34", and reports the card', async () => {
    const field = renderField();
    await field.user.type(field.number, '4242424242424242');
    await field.user.type(field.expiry, '1234');
    await field.user.type(field.cvc, '1234');
    expect(field.number.value).toBe('4242 4242 4242 4242');
    expect(field.expiry.value).toBe('12 / 34');
    expect(field.cvc.value).toBe('123');
    expect(field.lastCard()).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
  });

  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242'])('takes a pasted %s', async (pasted) => {
    const field = renderField();
    await field.user.click(field.number);
    await field.user.paste(pasted);
    expect(field.number.value).toBe('4242 4242 4242 4242');
    expect(field.number.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the caret by its digit when a digit in the middle is mended', async () => {
    const field = renderField();
    await field.user.type(field.number, '4242424242424242');
    field.number.setSelectionRange(6, 6);
    await field.user.keyboard('{Backspace}');
    expect(field.number.value).toBe('4242 2424 2424 242');
    expect(field.number.selectionStart).toBe(4);
  });

  it('takes the digit before a space when Backspace lands on the space', async () => {
    const field = renderField();
    await field.user.type(field.number, '42424242');
    field.number.setSelectionRange(5, 5);
    await field.user.keyboard('{Backspace}');
    expect(field.number.value).toBe('4244 242');
    expect(field.number.selectionStart).toBe(3);
  });

  it('clears "12 / 3" back to "12" with Backspace, never stuck at the slash', async () => {
    const field = renderField();
    await field.user.type(field.expiry, '123');
    await field.user.keyboard('{Backspace}');
    expect(field.expiry.value).toBe('12');
    await field.user.keyboard('{Backspace}{Backspace}');
    expect(field.expiry.value).toBe('');
  });

  it('says at once, at the field, that a number with a wrong check digit is invalid', async () => {
    const field = renderField();
    await field.user.type(field.number, '4242424242424241');
    expect(field.number.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(field.number)).toBe('Your card number is invalid.');
    expect(screen.getByText('Your card number is invalid.').closest('[aria-live="polite"]')).not.toBeNull();
    expect(field.lastCard()).toBeNull();
  });

  it.each([
    ['13', "Your card's expiry month must be between 01 and 12."],
    ['00', "Your card's expiry month must be between 01 and 12."],
    ['0120', "Your card's expiry date is in the past."],
  ])('refuses the expiry %s inline', async (typed, message) => {
    const field = renderField();
    await field.user.type(field.expiry, typed);
    expect(field.expiry.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(field.expiry)).toBe(message);
  });

  it('says nothing of an unfinished part until Pay is pressed', async () => {
    const field = renderField();
    await field.user.type(field.number, '4242 4242');
    await field.user.tab();
    expect(messageOf(field.number)).toBeUndefined();
    expect(field.number.getAttribute('aria-invalid')).toBeNull();
    act(() => field.handle.current?.revealErrors(false));
    expect(messageOf(field.number)).toBe('Your card number is incomplete.');
    // Without `focus`, the patient stays where they are (on the payer's details, say).
    expect(document.activeElement).toBe(field.expiry);
  });

  it('asks for 4 CVC digits on an American Express card, and says where they are', async () => {
    const field = renderField();
    await field.user.type(field.number, '378282246310005');
    expect(field.number.value).toBe('3782 822463 10005');
    await field.user.type(field.cvc, '12345');
    expect(field.cvc.value).toBe('1234');
    expect(field.cvc.getAttribute('aria-describedby')).toContain('cvc-hint');
    expect(screen.getByText('4 digits on the front of your card')).toBeTruthy();
  });

  it('shows every part’s message and moves focus to the first wrong part when Pay is pressed', async () => {
    const field = renderField();
    await field.user.type(field.number, '4242424242424242');
    act(() => field.handle.current?.revealErrors(true));
    expect(messageOf(field.number)).toBeUndefined();
    expect(messageOf(field.expiry)).toBe("Enter your card's expiry date.");
    expect(messageOf(field.cvc)).toBe("Enter your card's security code.");
    expect(document.activeElement).toBe(field.expiry);
  });

  it('has visible labels, not placeholders alone', () => {
    renderField();
    for (const name of ['Card number', 'Expiry (MM/YY)', 'CVC']) {
      const label = screen.getByText(name, { selector: 'label' });
      expect(label.classList.contains('sr-only')).toBe(false);
    }
  });
});
