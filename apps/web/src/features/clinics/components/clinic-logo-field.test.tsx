import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { ClinicLogoField } from './clinic-logo-field';

const server = startMockServer();

function renderField(logoUrl: string | null = null) {
  renderWithApp(<ClinicLogoField clinicName="Harley Street Dental" logoUrl={logoUrl} />);
  return { input: screen.getByLabelText('Upload logo') as HTMLInputElement, user: userEvent.setup() };
}

describe('the profile logo field', () => {
  it('refuses a file over 2 MB in the browser with the server message, sending nothing', async () => {
    const uploads: unknown[] = [];
    server.use(http.post('/api/clinic/logo', () => void uploads.push(1)));
    const { input, user } = renderField();

    await user.upload(
      input,
      new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(LOGO_MESSAGES.tooLarge);
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(await screen.findByText(LOGO_MESSAGES.uploadFailedWith(LOGO_MESSAGES.tooLarge))).toBeTruthy();
    expect(uploads).toEqual([]);
  });

  it("uploads a file of 2 MB exactly and shows the server's refusal when it has one", async () => {
    server.use(
      http.post('/api/clinic/logo', () =>
        HttpResponse.json({ code: 'LOGO_UNREADABLE', message: LOGO_MESSAGES.unreadable }, { status: 400 }),
      ),
    );
    const { input, user } = renderField();

    await user.upload(input, new File([new Uint8Array(LOGO_MAX_BYTES)], 'edge.png', { type: 'image/png' }));

    expect((await screen.findByRole('alert')).textContent).toBe(LOGO_MESSAGES.unreadable);
    expect(await screen.findByText(LOGO_MESSAGES.uploadFailedWith(LOGO_MESSAGES.unreadable))).toBeTruthy();
  });

  it("says 'No logo to delete' when there is none, without calling the server", async () => {
    const { user } = renderField(null);
    await user.click(screen.getByRole('button', { name: 'Delete logo' }));
    expect(await screen.findByText(LOGO_MESSAGES.noLogo)).toBeTruthy();
  });
});
