/**
 * Helpers for the account forms' component tests: rendering at an address that records where the form
 * went, the API's error answer, and reading a field's message (providers and network:
 * src/testing/app.tsx).
 */
import type { ApiErrorBody } from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { renderWithApp } from '@/testing/app';

/** Renders `ui` at `path`; any other address renders a marker naming it, so a test can see where it went. */
export function renderForm(ui: ReactElement, path = '/') {
  const start = new URL(path, 'http://localhost').pathname;
  const { router } = renderWithApp(
    [
      { path: start, element: ui },
      { path: '*', element: <p>Went to another page</p> },
    ],
    { path },
  );
  return { user: userEvent.setup(), router };
}

/** The server's error answer, as the API sends it (http/error-handler.ts). */
export function apiError(status: number, body: ApiErrorBody) {
  return HttpResponse.json(body, { status });
}

/** The text under a field, tied to it by aria-describedby; '' when it has none. */
export function messageOf(label: string): string {
  const control = screen.getByLabelText(label);
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** Whether the field is marked invalid. */
export const isInvalid = (label: string) =>
  screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';
