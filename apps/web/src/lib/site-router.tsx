/**
 * The few parts of React Router the public pages use, in about 2 kB instead of React Router's 11
 * (decision 0127): what the public site's build (site.html) takes for `react-router` (vite.config.ts).
 * The pages are the same modules the full app routes with React Router; they use only absolute paths,
 * no route params and no data APIs, which is all this does:
 *
 * - `BrowserRouter`: the address and the navigation state, from the History API; `history.state` is
 *   kept as React Router keeps it (`usr`, `key`, `idx`), so the full app reads a state this one wrote.
 *   A navigation to a path the app does not serve loads that page in full.
 * - `Routes` and `Route`: index, static paths, layout routes (rendered around their child through
 *   `Outlet`) and `*`, first match wins, as written.
 * - `StaticRouter`: one fixed address, for pre-rendering a page to HTML at build time (site-prerender.tsx);
 *   navigating from it is an error, as nothing is shown to navigate in.
 * - `Link` (a plain link, followed in the page unless a modifier key or another target asks for the
 *   browser's own; one to the page already shown replaces its history entry), `Navigate`, `useNavigate`, `useLocation`, `useSearchParams` (read only).
 *
 * Anything else the public pages might import from `react-router` is missing here, so the site build
 * fails to bundle rather than break at run time.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

/** React Router's shape of `history.state`. */
interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function currentLocation(): Location {
  const state = (window.history.state ?? {}) as HistoryState;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A public page rendered outside the site router');
  return router;
}

/**
 * The address bar's location and navigation, for the routes below it. Given `isOwnPath`, a navigation to
 * a path it refuses is a full page load (after `onLeave`), as the app that serves that path must load
 * it: the address changes only when that page comes, never to a path this app cannot show.
 */
export function BrowserRouter({
  children,
  isOwnPath,
  onLeave,
}: {
  children: ReactNode;
  isOwnPath?: (pathname: string) => boolean;
  onLeave?: () => void;
}) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      const url = new URL(to, window.location.href);
      const href = `${url.pathname}${url.search}${url.hash}`;
      if (isOwnPath && !isOwnPath(url.pathname)) {
        onLeave?.();
        if (replace) window.location.replace(href);
        else window.location.assign(href);
        return;
      }
      const index = ((window.history.state ?? {}) as HistoryState).idx ?? 0;
      const entry: HistoryState = { usr: state, key: newKey(), idx: replace ? index : index + 1 };
      if (replace) window.history.replaceState(entry, '', href);
      else window.history.pushState(entry, '', href);
      setLocation(currentLocation());
    },
    [isOwnPath, onLeave],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** One fixed address (a path with its query), for rendering a page to HTML outside a browser. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(() => {
    const url = new URL(location, 'http://localhost');
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' },
      navigate: (to) => {
        throw new Error(`A pre-rendered page navigated to ${to}`);
      },
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of `Routes`; renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** The element of the first route that matches `pathname` (with its layouts around it), or null. */
function match(children: ReactNode, pathname: string, parent: string): ReactNode | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, index, element, children: nested } = (child as ReactElement<RouteProps>).props;
    const full = path === undefined ? parent : `${parent.replace(/\/$/, '')}/${path}`;
    if (nested !== undefined) {
      const inner = match(nested, pathname, full);
      if (inner !== null) return <OutletContext.Provider value={inner}>{element}</OutletContext.Provider>;
      continue;
    }
    const here = pathname.replace(/(.)\/$/, '$1');
    if (path === '*' || (index ? here === parent : here === full)) return element ?? null;
  }
  return null;
}

/** Renders the first matching route. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  return <>{match(children, location.pathname, '/')}</>;
}

/** Where a layout route renders its matched child. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The query of the address, read only. */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** A link followed in the page, as React Router's is: the browser's own when a modifier or target asks. */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || isModified(event)) return;
        if (target && target !== '_self') return;
        event.preventDefault();
        // As React Router: a link to where the page already is replaces the entry instead of adding one.
        const url = new URL(to, window.location.href);
        const here = `${location.pathname}${location.search}${location.hash}`;
        navigate(to, { replace: replace ?? `${url.pathname}${url.search}${url.hash}` === here, state });
      }}
    />
  );
}
