/**
 * Rendering helpers for the account forms' component tests: a fresh query cache, a router that records
 * where the form went, and the toaster. The network is stood in for by msw in each test file.
 */
import type { ApiErrorBody } from '@clinicpay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Renders `ui` at `path`; any other address renders a marker naming it, so a test can see where it went. */
export function renderForm(ui: ReactElement, path = '/') {
  // Sonner replays still-active toasts to a new Toaster; an earlier test's toast must not count here.
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const start = new URL(path, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      { path: start, element: ui },
      { path: '*', element: <p>Went to another page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
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

/**
 * The network for a test file: msw answering with `handlers`, any other request an error. After each
 * test the page is unmounted and handlers a test added are dropped; `afterEachTest` resets the file's
 * own records.
 */
export function startMockServer(handlers: RequestHandler[], afterEachTest?: () => void) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    afterEachTest?.();
  });
  afterAll(() => server.close());
  return server;
}
