import type { LucideIcon } from 'lucide-react';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { Brand } from './brand';
import { MAIN_ID } from './skip-link';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the section's home). */
  end?: boolean;
}

interface DashboardShellProps {
  title: string;
  navItems: readonly NavItem[];
  /** Shown under the navigation, e.g. the Sign Out button. */
  footer?: ReactNode;
}

/**
 * The signed-in layout: a sidebar beside the page, a toggle menu below 768 px
 * (docs/product.md#sidebars).
 * The mobile menu closes whenever the route changes, and on Escape (focus back on its toggle); while it
 * is closed the sidebar is hidden (the `hidden` attribute, so it is gone for assistive technology too,
 * not only from sight).
 */
export function DashboardShell({ title, navItems, footer }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 768px)');
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen || wide) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen, wide]);

  return (
    <div className="min-h-screen bg-slate-50 md:flex print:block print:min-h-0 print:bg-white">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden print:hidden">
        <Brand />
        <button
          ref={toggle}
          type="button"
          className="rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
      </header>
      <aside
        id="sidebar"
        aria-label={title}
        hidden={!wide && !menuOpen}
        className="flex w-full flex-col border-r border-slate-200 bg-white md:sticky md:top-0 md:h-screen md:w-64 print:hidden"
      >
        <div className="hidden h-16 items-center px-6 md:flex">
          <Brand />
        </div>
        <nav aria-label={title} className="flex-1 px-3 py-4">
          <ul className="flex flex-col gap-1">
            {navItems.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100',
                      isActive && 'bg-brand-50 text-brand-800',
                    )
                  }
                >
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {footer ? <div className="border-t border-slate-200 p-3">{footer}</div> : null}
      </aside>
      <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8 print:p-0">
        <Outlet />
      </main>
    </div>
  );
}
