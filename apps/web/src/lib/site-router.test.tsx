/**
 * The public site's stand-in for React Router (decision 0127): what the public pages rely on behaves as
 * React Router's does. The site build runs the pages on it; these tests run it on its own.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from './site-router';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/'));

function Where() {
  const location = useLocation();
  const [params] = useSearchParams();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {location.hash}|{JSON.stringify(location.state)}|{params.get('email') ?? ''}
    </p>
  );
}

function Layout() {
  return (
    <div>
      <nav>
        <Link to="/about">About</Link>
        <Link to="/sign-in?email=a%40b.example">Sign in</Link>
        <Link to="/" className="brand">
          Home
        </Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

function GoButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/verify-email?email=x', { state: { url: 'v' } })}>
      Go
    </button>
  );
}

function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<h1>Landing</h1>} />
          <Route path="about" element={<h1>About us</h1>} />
          <Route path="sign-in" element={<GoButton />} />
          <Route path="sign-in/two-factor" element={<h1>Two-factor</h1>} />
          <Route path="verify-email" element={<Where />} />
          <Route path="old" element={<Navigate to="/about" replace />} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </BrowserRouter>
  );
}

describe('the site router', () => {
  it('renders the index, a path and a nested path inside their layout, and anything else by *', () => {
    window.history.replaceState(null, '', '/');
    const { unmount } = render(<App />);
    expect(screen.getByRole('heading', { name: 'Landing' }).closest('main')).toBeTruthy();
    unmount();
    window.history.replaceState(null, '', '/sign-in/two-factor/');
    const second = render(<App />);
    expect(screen.getByRole('heading', { name: 'Two-factor' })).toBeTruthy();
    second.unmount();
    window.history.replaceState(null, '', '/dashboard?x=1#y');
    render(<App />);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard?x=1#y|null|');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('follows a link in the page, adding a history entry as React Router keeps it, and goes back', () => {
    render(<App />);
    const link = screen.getByRole('link', { name: 'About' });
    expect(link.getAttribute('href')).toBe('/about');
    fireEvent.click(link);
    expect(screen.getByRole('heading', { name: 'About us' })).toBeTruthy();
    expect(window.location.pathname).toBe('/about');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(typeof window.history.state.key).toBe('string');
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeTruthy();
  });

  it("leaves a link to the browser when a modifier key or the middle button asks for the browser's own", () => {
    render(<App />);
    const link = screen.getByRole('link', { name: 'About' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      link.dispatchEvent(event);
      expect(event.defaultPrevented, JSON.stringify(init)).toBe(false);
    }
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeTruthy();
  });

  it('replaces the entry for a link to the page already shown, as React Router does', () => {
    render(<App />);
    const length = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(window.history.length).toBe(length);
    expect(screen.getByRole('link', { name: 'Home' }).className).toBe('brand');
  });

  it('navigates with a state and a query the next page reads, and Navigate replaces', () => {
    render(<App />);
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByTestId('where').textContent).toBe('/verify-email?email=x|{"url":"v"}|x');
    expect(window.history.state.usr).toEqual({ url: 'v' });
    cleanup();
    window.history.replaceState(null, '', '/old');
    const length = window.history.length;
    render(<App />);
    expect(screen.getByRole('heading', { name: 'About us' })).toBeTruthy();
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(length);
  });
});

describe("the site router's way out", () => {
  it('loads a path the app does not serve in full, after onLeave, without changing the address first', () => {
    const calls: string[] = [];
    const location = { ...window.location, assign: (href: string) => calls.push(`assign ${href}`) };
    const spy = vi.spyOn(window, 'location', 'get').mockReturnValue(location as Location);
    render(
      <BrowserRouter isOwnPath={(pathname) => pathname !== '/dashboard'} onLeave={() => calls.push('leave')}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Link to="/dashboard?x=1">Dashboard</Link>
                <Link to="/about">About</Link>
                <Where />
              </>
            }
          />
        </Routes>
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(calls).toEqual(['leave', 'assign /dashboard?x=1']);
    expect(window.history.state).toBeNull();
    spy.mockRestore();
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where').textContent).toBe('/about|null|');
  });
});
