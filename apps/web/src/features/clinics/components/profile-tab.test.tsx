/**
 * Settings → Profile's card statement name (decision 0082): what patients' statements will show,
 * worked out as it is typed; Stripe's rules checked before anything is sent; the server's refusal
 * under the field, tied to it.
 */
import { STATEMENT_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aClinic } from '../test-support';
import { ProfileTab } from './profile-tab';

let saved: Record<string, unknown>[] = [];
const server = startMockServer(
  [
    http.patch('/api/clinic', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({
        clinic: aClinic({ statementName: (body.statementName as string) ?? null }),
      });
    }),
  ],
  () => {
    saved = [];
  },
);

function renderProfile(statementName: string | null = null) {
  renderWithApp(<ProfileTab clinic={aClinic({ statementName })} />);
  return { user: userEvent.setup(), field: screen.getByLabelText('Card statement name') as HTMLInputElement };
}

/** The text of everything that describes `control`. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const shows = (text: string) => STATEMENT_MESSAGES.statementShows(text);

describe('the card statement name', () => {
  it('shows what card statements will read as it is typed, in the hint the field is described by', async () => {
    const { user, field } = renderProfile();
    // Blank: the default made from the clinic name, cut at a word to fit.
    expect(descriptionOf(field)).toContain(shows('CLINICPAY* HARLEY'));

    await user.type(field, 'Harley  den');
    expect(screen.getByTestId('statement-preview').textContent).toBe(shows('CLINICPAY* HARLEY DEN'));
    expect(descriptionOf(field)).toContain(shows('CLINICPAY* HARLEY DEN'));

    await user.clear(field);
    const clinicName = screen.getByLabelText('Clinic Name');
    await user.clear(clinicName);
    await user.type(clinicName, 'Smile Co');
    expect(screen.getByTestId('statement-preview').textContent).toBe(shows('CLINICPAY* SMILE CO'));
  });

  it('starts from the name the clinic saved', () => {
    const { field } = renderProfile('Harley Ltd');
    expect(field.value).toBe('Harley Ltd');
    expect(screen.getByTestId('statement-preview').textContent).toBe(shows('CLINICPAY* HARLEY LTD'));
  });

  it('refuses characters Stripe does not allow, and a name too long, under the field, sending nothing', async () => {
    const { user, field } = renderProfile();
    await user.type(field, 'Dr *Smith*');
    // A name Stripe would refuse is not previewed as if it were what statements show.
    expect(screen.queryByTestId('statement-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(field)).toContain(STATEMENT_MESSAGES.forbidden);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // The long form's summary links to the field by its label.
    expect(screen.getByRole('link', { name: 'Card statement name' }).getAttribute('href')).toBe(
      '#statementName',
    );

    await user.clear(field);
    await user.type(field, 'Smith Dental Care');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(descriptionOf(field)).toContain(STATEMENT_MESSAGES.tooLong));
    expect(saved).toEqual([]);
  });

  it('sends the name as typed, and puts the server’s refusal under the field', async () => {
    const { user, field } = renderProfile();
    await user.type(field, 'Smith Dent');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.statementName).toBe('Smith Dent');
    expect(await screen.findByText('Profile settings saved successfully')).toBeTruthy();

    server.use(
      http.patch('/api/clinic', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Please check the form',
            fieldErrors: { statementName: STATEMENT_MESSAGES.needsLetter },
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(field)).toContain(STATEMENT_MESSAGES.needsLetter);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(await screen.findByText('Failed to save profile settings')).toBeTruthy();
  });

  // The message is one of docs/product.md#messages-settings.
  it("says 'An error occurred while saving profile settings' when the network fails", async () => {
    server.use(http.patch('/api/clinic', () => HttpResponse.error()));
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('An error occurred while saving profile settings')).toBeTruthy();
    expect(screen.queryByText('Failed to save profile settings')).toBeNull();
  });
});
