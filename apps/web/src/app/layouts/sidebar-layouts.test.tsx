import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClinicRoleProvider } from '@/lib/permissions';
import { AdminLayout } from './admin-layout';
import { ClinicLayout } from './clinic-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The window is as wide as a desktop (768 px and more) or a phone's. */
function screenIs(width: 'wide' | 'narrow') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'wide' && query === '(min-width: 768px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderAt(path: string, layout: React.ReactElement) {
  const router = createMemoryRouter([{ element: layout, children: [{ path: '*', element: <p>page</p> }] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const linksOf = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the clinic sidebar', () => {
  beforeEach(() => screenIs('wide'));

  it('has its entries, Requests and Patients after Payment History, then Disputes and Payouts, and a Sign Out button', () => {
    const onSignOut = vi.fn();
    renderAt('/dashboard', <ClinicLayout onSignOut={onSignOut} />);
    expect(linksOf('Clinic')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Create a Link', '/dashboard/create-link'],
      ['Send a Link', '/dashboard/send-link'],
      ['Payment History', '/dashboard/payment-history'],
      ['Requests', '/dashboard/requests'],
      ['Patients', '/dashboard/patients'],
      ['Disputes', '/dashboard/disputes'],
      ['Payouts', '/dashboard/payouts'],
      ['Audit Log', '/dashboard/audit'],
      ['Settings', '/dashboard/settings'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('shows each role only the pages its role opens, and Security in place of Settings', () => {
    const withRole = (role: 'manager' | 'reception') =>
      renderAt(
        '/dashboard',
        <ClinicRoleProvider role={role}>
          <ClinicLayout onSignOut={() => {}} />
        </ClinicRoleProvider>,
      );
    const common = [
      ['Dashboard', '/dashboard'],
      ['Create a Link', '/dashboard/create-link'],
      ['Send a Link', '/dashboard/send-link'],
      ['Payment History', '/dashboard/payment-history'],
      ['Requests', '/dashboard/requests'],
      ['Patients', '/dashboard/patients'],
    ];
    withRole('reception');
    expect(linksOf('Clinic')).toEqual([...common, ['Security', '/dashboard/security']]);
    cleanup();
    withRole('manager');
    expect(linksOf('Clinic')).toEqual([
      ...common,
      ['Disputes', '/dashboard/disputes'],
      ['Statements', '/dashboard/statements'],
      ['Security', '/dashboard/security'],
    ]);
  });

  it('marks only the current entry active', () => {
    renderAt('/dashboard/settings', <ClinicLayout onSignOut={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Clinic' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('is always shown on a wide screen', () => {
    renderAt('/dashboard', <ClinicLayout onSignOut={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Clinic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});

describe('the clinic sidebar on a phone', () => {
  beforeEach(() => screenIs('narrow'));

  it('is a toggle menu, closed until opened, that closes when the page changes', async () => {
    const router = renderAt('/dashboard', <ClinicLayout onSignOut={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Clinic' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Clinic' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');

    await router.navigate('/dashboard/send-link');
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Clinic' })).toBeNull();
  });

  it('closes on Escape, with focus back on its toggle', async () => {
    renderAt('/dashboard', <ClinicLayout onSignOut={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const link = within(screen.getByRole('navigation', { name: 'Clinic' })).getByRole('link', {
      name: 'Dashboard',
    });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Clinic' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});

describe('the admin sidebar', () => {
  beforeEach(() => screenIs('wide'));

  it('has Dashboard, Clinics, Disputes, Statements, Audit Log and Settings', () => {
    renderAt('/admin', <AdminLayout onSignOut={() => {}} />);
    expect(linksOf('Admin')).toEqual([
      ['Dashboard', '/admin'],
      ['Clinics', '/admin/clinics'],
      ['Disputes', '/admin/disputes'],
      ['Statements', '/admin/statements'],
      ['Audit Log', '/admin/audit'],
      ['Settings', '/admin/settings'],
    ]);
  });
});
