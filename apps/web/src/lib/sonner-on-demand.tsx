/**
 * sonner, loaded when the first toast is shown: what the public site's build (site.html, decision 0127)
 * takes for `sonner` (vite.config.ts points the site build's imports of it here). No public page shows a
 * toast before the visitor acts (a form sent, a button pressed), so the toaster's 10 kB gzipped need not
 * be in any page's first load.
 *
 * `toast` takes every call sonner's does and hands it on once sonner has loaded, with the same id it
 * returned at once (its own when the caller gave none); `Toaster` renders sonner's with the same props
 * from then on, and sonner shows it the toasts made before it was there. Until then `getToasts` answers
 * the toasts waiting, so a page that leaves at once can still carry them (lib/carried-toasts.ts).
 */
import { type ComponentProps, useEffect, useState } from 'react';
import type * as Sonner from 'sonner';

type SonnerModule = typeof Sonner;
type Toast = SonnerModule['toast'];
type ToastId = string | number;
type Shown = ReturnType<Toast['getToasts']>[number];

let sonner: SonnerModule | undefined;
let loading: Promise<SonnerModule> | undefined;
/** The Toasters waiting for sonner, told when it has loaded. */
const toasters = new Set<() => void>();
/** Calls made before sonner loaded, in order, each with the id it was given. */
let waiting: { method: string; args: unknown[]; id: ToastId | undefined }[] = [];
let lastId = 0;

function load(): Promise<SonnerModule> {
  loading ??= import('sonner').then((loaded) => {
    sonner = loaded;
    const calls = waiting;
    waiting = [];
    for (const { method, args } of calls) forward(loaded.toast, method, args);
    for (const notify of toasters) notify();
    return loaded;
  });
  return loading;
}

function forward(real: Toast, method: string, args: unknown[]): unknown {
  const target = method === '' ? real : (real as unknown as Record<string, unknown>)[method];
  return (target as (...a: unknown[]) => unknown)(...args);
}

/** A toast call: handed on at once when sonner is there, else kept, with the id the caller will use. */
function showing(method: string) {
  return (message: unknown, data?: { id?: ToastId }) => {
    if (sonner) return forward(sonner.toast, method, [message, data]);
    const id = data?.id ?? `toast-${++lastId}`;
    waiting.push({ method, args: [message, { ...data, id }], id });
    void load();
    return id;
  };
}

function dismiss(id?: ToastId) {
  if (sonner) return sonner.toast.dismiss(id);
  waiting = id === undefined ? [] : waiting.filter((call) => call.id !== id);
  return id as ToastId;
}

/** The toasts shown or waiting, as sonner's getToasts gives them (type and title are what callers read). */
function getToasts(): Shown[] {
  if (sonner) return sonner.toast.getToasts();
  return waiting.map(({ method, args, id }) => ({
    id: id as ToastId,
    type: (method === '' ? 'default' : method) as 'default',
    title: args[0] as string,
  }));
}

function promise(...args: unknown[]) {
  const unwrap = () => load().then((loaded) => forward(loaded.toast, 'promise', args));
  return { unwrap };
}

export const toast = Object.assign(showing(''), {
  success: showing('success'),
  info: showing('info'),
  warning: showing('warning'),
  error: showing('error'),
  message: showing('message'),
  loading: showing('loading'),
  custom: showing('custom'),
  promise,
  dismiss,
  getToasts,
  getHistory: getToasts,
}) as unknown as Toast;

/** sonner's Toaster, rendered once sonner has loaded; nothing until the first toast. */
export function Toaster(props: ComponentProps<SonnerModule['Toaster']>) {
  const [loaded, setLoaded] = useState(sonner);
  useEffect(() => {
    if (loaded) return;
    if (sonner) return setLoaded(sonner); // loaded between the render and this effect
    const notify = () => setLoaded(sonner);
    toasters.add(notify);
    return () => {
      toasters.delete(notify);
    };
  }, [loaded]);
  return loaded ? <loaded.Toaster {...props} /> : null;
}
