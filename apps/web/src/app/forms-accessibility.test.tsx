/**
 * Decision 0027: every staff and account form follows one error pattern. Each message is tied to its field
 * (aria-invalid, aria-describedby), a text several fields share is on screen once, focus lands on the
 * first invalid field, and long forms have an error summary whose links lead to the fields.
 */
import type { Clinic } from '@clinicpay/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AddClinicDialog } from '@/features/admin/components/add-clinic-dialog';
import { WebhooksCard } from '@/features/admin/components/webhooks-card';
import { ChangePasswordForm } from '@/features/auth/change-password-form';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { SignInPage } from '@/features/auth/sign-in-page';
import { SignUpPage } from '@/features/auth/sign-up-page';
import { VerifyEmailPage } from '@/features/auth/verify-email-page';
import { ProfileTab } from '@/features/clinics/components/profile-tab';
import { ContactForm } from '@/features/contact/components/contact-form';
import { CreateLinkPage } from '@/features/links/create-link-page';
import { SendLinkPage } from '@/features/requests/send-link-page';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aClinic } from '@/testing/clinic-data';

const server = startMockServer([
  http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
  http.get('/api/payment-links', () => HttpResponse.json({ items: [], page: 1, pageSize: 100, total: 0 })),
  http.get('/api/admin/system-settings/webhooks', () =>
    HttpResponse.json({
      patientNotificationWebhook: null,
      clinicNotificationWebhook: null,
      signingSecretMasked: 'whsec_••••••••test',
    }),
  ),
]);

function renderForm(ui: ReactElement, path = '/') {
  renderWithApp(ui, { path });
  return userEvent.setup();
}

/** The text of everything that describes `control`. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** `control` is marked invalid and described by `message`, which is on screen exactly once. */
function expectTied(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(control)).toContain(message);
  expect(screen.getAllByText(message)).toHaveLength(1);
}

async function expectFocused(control: HTMLElement) {
  await waitFor(() => expect(document.activeElement).toBe(control));
}

describe('the account forms', () => {
  it('sign in: one "Please fill in all fields" for both fields, focus on Email', async () => {
    const user = renderForm(<SignInPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    await expectFocused(email);
    expectTied(email, 'Please fill in all fields');
    expectTied(screen.getByLabelText('Password'), 'Please fill in all fields');
  });

  it('sign up: a summary links to each field; shared and own messages each once', async () => {
    const user = renderForm(<SignUpPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    const clinicName = screen.getByLabelText('Clinic Name');
    await expectFocused(clinicName);
    for (const label of ['Clinic Name', 'Email', 'Confirm Password']) {
      expectTied(screen.getByLabelText(label), 'Please fill in all fields');
    }
    const terms = screen.getByRole('checkbox');
    expectTied(terms, 'You must agree to the terms and conditions');

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement as HTMLElement;
    await user.click(within(summary).getByRole('link', { name: 'Terms of Service and Privacy Policy' }));
    expect(document.activeElement).toBe(terms);
  });

  it('sign up: passwords that differ are told under Confirm Password', async () => {
    const user = renderForm(<SignUpPage />);
    await user.type(await screen.findByLabelText('Clinic Name'), 'Harley Dental');
    await user.type(screen.getByLabelText('Email'), 'desk@harley.example');
    await user.type(screen.getByLabelText('Password'), 'password one');
    await user.type(screen.getByLabelText('Confirm Password'), 'password two');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const confirm = screen.getByLabelText('Confirm Password');
    await expectFocused(confirm);
    expectTied(confirm, 'Passwords do not match');
  });

  it('forgot password and resend verification ask for the email at the field', async () => {
    let user = renderForm(<ForgotPasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    await expectFocused(screen.getByLabelText('Email'));
    expectTied(screen.getByLabelText('Email'), 'Please enter your email address');
    cleanup();

    user = renderForm(<VerifyEmailPage />, '/verify-email');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await expectFocused(screen.getByLabelText('Email'));
    expectTied(screen.getByLabelText('Email'), 'Please enter your email address');
  });

  it('reset password: the new password rules at their fields', async () => {
    server.use(http.get('/api/auth/reset-password', () => HttpResponse.json({ message: 'ok' })));
    const user = renderForm(<ResetPasswordPage />, '/reset-password?token=t0k3n&userId=u1');
    await user.click(await screen.findByRole('button', { name: 'Update Password' }));
    const password = screen.getByLabelText('New Password');
    await expectFocused(password);
    expectTied(password, 'Please fill in all fields');
    expectTied(screen.getByLabelText('Confirm New Password'), 'Please fill in all fields');

    await user.type(password, 'abc');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expectTied(password, 'Password must be at least 6 characters long'));
  });

  it('reset password: the spec’s texts for a refused link and for a check that failed', async () => {
    server.use(
      http.get('/api/auth/reset-password', () =>
        HttpResponse.json({ code: 'BAD_REQUEST', message: 'Invalid reset token' }, { status: 400 }),
      ),
    );
    renderForm(<ResetPasswordPage />, '/reset-password?token=bad&userId=u1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid reset token. Please request a new password reset link.',
    );
    expect(screen.getByRole('link', { name: 'Go to Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    cleanup();

    server.use(http.get('/api/auth/reset-password', () => HttpResponse.error()));
    renderForm(<ResetPasswordPage />, '/reset-password?token=any&userId=u1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to verify your reset token. Please request a new password reset link.',
    );
  });

  it('change password: the client rules at the fields, then the server’s at its field with focus', async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        HttpResponse.json(
          {
            code: 'BAD_REQUEST',
            message: 'Current password is incorrect',
            fieldErrors: { currentPassword: 'Current password is incorrect' },
          },
          { status: 400 },
        ),
      ),
    );
    const user = renderForm(<ChangePasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const current = screen.getByLabelText('Current Password');
    await expectFocused(current);
    expectTied(current, 'Current password is required');
    expectTied(screen.getByLabelText('New Password'), 'Password must be at least 8 characters');

    await user.type(current, 'old password');
    await user.type(screen.getByLabelText('New Password'), 'new password 1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(descriptionOf(current)).toContain('Current password is incorrect'));
    await expectFocused(current);
  });
});

const clinic: Clinic = aClinic({
  clinicName: 'Harley Dental',
  phone: null,
  addressLine1: null,
  city: null,
  postcode: null,
  cardStatementText: 'CLINICPAY* HARLEY DENTAL',
});

describe('the clinic forms', () => {
  it('clinic profile: a bad email at its field, named in the summary', async () => {
    const user = renderForm(<ProfileTab clinic={clinic} />);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectFocused(email);
    expectTied(email, 'Please enter a valid email address');
    expect(screen.getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('#email');
  });

  it('create link: each missing field says so under itself, with "Please fill in all required fields" heading the form', async () => {
    const user = renderForm(<CreateLinkPage />);
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    const title = screen.getByLabelText('Payment Title*');
    await expectFocused(title);
    expectTied(title, 'Enter a payment title');
    expectTied(screen.getByLabelText('Amount*'), 'Enter the amount in pounds');
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');

    await user.type(title, 'Consultation');
    await user.type(screen.getByLabelText('Amount*'), '0');
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    await expectFocused(screen.getByLabelText('Amount*'));
    expectTied(screen.getByLabelText('Amount*'), 'Please enter a valid amount');
  });

  it("create link: asks for a card on file when ticked, and ties the server's refusal to the box", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/payment-links', async ({ request }) => {
        sent.push(await request.json());
        const message = 'Set a cancellation policy or a no-show fee in Settings → Policies first';
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', message, fieldErrors: { requiresCardOnFile: message } },
          { status: 400 },
        );
      }),
    );
    const user = renderForm(<CreateLinkPage />);
    await user.type(screen.getByLabelText('Payment Title*'), 'Consultation');
    await user.type(screen.getByLabelText('Amount*'), '45');
    const box = screen.getByLabelText('Save the patient’s card under your policies');
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Consultation', amount: 4500, requiresCardOnFile: true });
    await waitFor(() =>
      expectTied(box, 'Set a cancellation policy or a no-show fee in Settings → Policies first'),
    );
  });

  it('create link: a deposit as a percent of the treatment total, a percent without a total tied to the total', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/payment-links', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 'INTERNAL', message: 'stop here' }, { status: 400 });
      }),
    );
    const user = renderForm(<CreateLinkPage />);
    await user.type(screen.getByLabelText('Payment Title*'), 'Implant');
    const percent = screen.getByLabelText('Deposit percent (optional)');
    await user.type(percent, '25');
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    const total = screen.getByLabelText('Treatment total (optional)');
    await expectFocused(total);
    expectTied(total, 'Enter the treatment total to take a percent of it');
    expect(sent).toEqual([]);

    await user.type(total, '125.50');
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      title: 'Implant',
      amount: 3138,
      treatmentTotal: 12_550,
      depositPercent: 25,
    });
  });

  it('create link: secures an appointment only once a card on file is asked for, and takes no deposit then', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/payment-links', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 'INTERNAL', message: 'stop here' }, { status: 400 });
      }),
    );
    const user = renderForm(<CreateLinkPage />);
    const securing = 'Secure the appointment only: save the card and take no payment now';
    await user.type(screen.getByLabelText('Payment Title*'), 'Laser treatment');
    await user.type(screen.getByLabelText('Amount*'), '120');
    expect(screen.queryByLabelText(securing)).toBeNull();
    await user.click(screen.getByLabelText('Save the patient’s card under your policies'));
    await user.click(screen.getByLabelText(securing));
    await user.type(screen.getByLabelText('Treatment total (optional)'), '200');
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    const total = screen.getByLabelText('Treatment total (optional)');
    await expectFocused(total);
    expectTied(total, 'A link that only saves a card takes no deposit');
    expect(sent).toEqual([]);

    await user.clear(total);
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      amount: 12_000,
      requiresCardOnFile: true,
      securesAppointment: true,
      treatmentTotal: null,
    });
    // Asking for no card on file again clears it: a link that secures an appointment saves a card.
    await user.click(screen.getByLabelText('Save the patient’s card under your policies'));
    expect(screen.queryByLabelText(securing)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ requiresCardOnFile: false, securesAppointment: false });
  });

  it('send link: each rule at its field, the shared one once, focus on Patient Name', async () => {
    const user = renderForm(<SendLinkPage />);
    await user.click(screen.getByRole('button', { name: 'Send Payment Link' }));
    const name = screen.getByLabelText('Patient Name*');
    await expectFocused(name);
    expectTied(name, 'Please fill in all required fields');
    expectTied(screen.getByLabelText('Patient Email*'), 'Please fill in all required fields');
    expectTied(
      screen.getByLabelText('Custom Amount (optional)'),
      'Please either select a payment link or enter a custom amount',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('send link: a custom deposit below its treatment total, then the balance shown before sending', async () => {
    const user = renderForm(<SendLinkPage />);
    await user.type(screen.getByLabelText('Patient Name*'), 'Ada Patient');
    await user.type(screen.getByLabelText('Patient Email*'), 'ada@patient.example');
    const amount = screen.getByLabelText('Custom Amount (optional)');
    await user.type(amount, '199.80');
    await user.type(screen.getByLabelText('Treatment total (optional)'), '200');
    await user.click(screen.getByRole('button', { name: 'Send Payment Link' }));
    await expectFocused(amount);
    expectTied(amount, 'The deposit must be at least £0.30 less than the treatment total');

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Send Payment Link' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Balance later£150.00 of £200.00');
  });

  it("send link: asks for a card on file, and ties the server's refusal to the box", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/payment-requests', async ({ request }) => {
        sent.push(await request.json());
        const message = 'Set a cancellation policy or a no-show fee in Settings → Policies first';
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', message, fieldErrors: { requiresCardOnFile: message } },
          { status: 400 },
        );
      }),
    );
    const user = renderForm(<SendLinkPage />);
    await user.type(screen.getByLabelText('Patient Name*'), 'Ada Patient');
    await user.type(screen.getByLabelText('Patient Email*'), 'ada@patient.example');
    await user.type(screen.getByLabelText('Custom Amount (optional)'), '90');
    const box = screen.getByLabelText('Save the patient’s card under your policies');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Send Payment Link' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Card on fileThe patient saves their card under your policies');
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Link' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ customAmount: 9000, requiresCardOnFile: true });
    await waitFor(() =>
      expectTied(box, 'Set a cancellation policy or a no-show fee in Settings → Policies first'),
    );
  });
});

describe('the public and admin forms', () => {
  it('contact: every field’s message tied to it, focus on Name', async () => {
    const user = renderForm(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const name = screen.getByLabelText('Name');
    await expectFocused(name);
    expectTied(name, 'Please enter your name');
    expectTied(screen.getByLabelText('Email'), 'Please enter a valid email address');
    expectTied(screen.getByLabelText('Subject'), 'Please enter a subject');
    expectTied(screen.getByLabelText('Message'), 'Please enter your message');
  });

  it('add clinic: messages in the dialog, and focus back on Add New Clinic when it closes', async () => {
    const user = renderForm(<AddClinicDialog />);
    const opener = screen.getByRole('button', { name: 'Add New Clinic' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const name = within(dialog).getByLabelText('Clinic name');
    await expectFocused(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).not.toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocused(opener);
  });

  it('notification webhooks: a URL that is not one at its field', async () => {
    const user = renderForm(<WebhooksCard />);
    const patient = screen.getByLabelText('Patient notification webhook');
    await user.type(patient, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save webhooks' }));
    await expectFocused(patient);
    expectTied(patient, 'Please enter a valid URL');
  });
});
