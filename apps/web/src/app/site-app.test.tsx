import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, type RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMockServer } from '@/testing/app';
import { routes } from './router';
import { SiteApp } from './site-app';
import { SITE_PAGES } from './site-pages';

startMockServer(
  [
    http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
    http.get('/api/platform-settings/fee', () => HttpResponse.json({ platformFeePercent: '3.0' })),
    http.get('/api/contact/details', () =>
      HttpResponse.json({ email: 'support@clinicpay.example', phone: '020 7946 0000', hours: 'Mon–Fri' }),
    ),
  ],
  () => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  },
);
afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteApp />
    </MemoryRouter>,
  );

/** The paths of the full app's router under the site layout, as absolute paths. */
function siteLayoutPaths(): string[] {
  const root = routes[0]?.children ?? [];
  const siteLayout = root.find((route) => route.path === undefined && route.children?.some((r) => r.index));
  return (siteLayout?.children ?? []).map((route: RouteObject) => (route.index ? '/' : `/${route.path}`));
}

// site.html's app (decision 0127): the public pages without the rest of the full app.
describe('the public site app', () => {
  it("serves every page of the full app's site layout but those that stay in the full app", () => {
    // The not-found page, the auth callback (it leads into the clinic area) and the two-factor setup
    // (signed in) stay in the full app, which the server answers every other path with.
    const stay = ['*', '/*', '/auth/callback', '/two-factor-setup'];
    const expected = siteLayoutPaths().filter((path) => !stay.includes(path));
    expect(SITE_PAGES.map((page) => page.path).sort()).toEqual(expected.sort());
  });

  it.each(SITE_PAGES.map((page) => page.path))(
    'shows %s in the site layout, with the skip link, the header and the footer',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.getByRole('main').id).toBe('main');
      expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
      expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    },
  );

  it('hands any other address to the app that serves it, by loading it, with the toasts on screen', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    toast.success('Signed in successfully');
    renderAt('/dashboard/settings?tab=team#top');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/settings?tab=team#top'));
    expect(JSON.parse(sessionStorage.getItem('carriedToasts') ?? '[]')).toEqual([
      { type: 'success', message: 'Signed in successfully' },
    ]);
    toast.dismiss();
  });
});
