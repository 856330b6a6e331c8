/**
 * What every component test renders in and talks to, written once: the app's providers around the
 * page (a fresh query cache, a memory router, the toaster) and the network stood in for by msw.
 */
import type { ClinicRole } from '@clinicpay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { isValidElement, type ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ClinicRoleProvider } from '@/lib/permissions';

/**
 * Renders `page` (one element, shown at any address, or a route table) under a fresh query cache and a
 * memory router at `path`, beside the toaster, for a member with `role` when given. Returns the router (to read where the page went) and the
 * query cache.
 */
export function renderWithApp(
  page: ReactElement | RouteObject[],
  { path = '/', role }: { path?: string; role?: ClinicRole | null } = {},
) {
  // Sonner replays still-active toasts to a new Toaster; an earlier test's toast must not count here.
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = isValidElement(page) ? [{ path: '*', element: page }] : page;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
  // A member's role, as the clinic area gives it; without one the page is shown as its owner sees it.
  render(role === undefined ? app : <ClinicRoleProvider role={role}>{app}</ClinicRoleProvider>);
  return { router, queryClient };
}

/**
 * The network for a test file: msw answering with `handlers`, any other request an error. After each
 * test the page is unmounted and handlers a test added are dropped; `afterEachTest` resets the file's
 * own records.
 */
export function startMockServer(handlers: RequestHandler[] = [], afterEachTest?: () => void) {
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
