/**
 * Dialogs, whose code loads when one first opens (decision 0127): Radix's dialog with its focus trap,
 * scroll lock and dismissal is about 15 kB gzipped that no page needs before then. `Dialog` renders
 * nothing until its `open` prop is first true (every dialog here is opened from state), then loads
 * dialog-parts.tsx and renders Radix's from then on, open or closed, as it would have been from the
 * start. `DialogContent`, `DialogTitle`, `DialogDescription` and `DialogClose` are rendered only inside an
 * open `Dialog`, so by then Radix's are loaded.
 */
import type { ComponentProps } from 'react';
import { onDemand } from '@/lib/on-demand';
import type * as Parts from './dialog-parts';

type PartName = 'DialogContent' | 'DialogTitle' | 'DialogDescription' | 'DialogClose';

let parts: Pick<typeof Parts, PartName> | undefined;
const loadParts = () =>
  import('./dialog-parts').then((loaded) => {
    const { DialogContent, DialogTitle, DialogDescription, DialogClose } = loaded;
    parts = { DialogContent, DialogTitle, DialogDescription, DialogClose };
    return loaded;
  });

/** A dialog, opened and closed by its `open` prop. */
export const Dialog = onDemand<ComponentProps<typeof Parts.Dialog>>(
  async () => (await loadParts()).Dialog,
  (props) => Boolean(props.open),
);

/** One of Radix's parts, once loaded (always, inside an open Dialog). */
function part<K extends PartName>(name: K) {
  return function Part(props: ComponentProps<(typeof Parts)[K]>) {
    const Loaded = parts?.[name] as React.ComponentType<typeof props> | undefined;
    return Loaded ? <Loaded {...props} /> : null;
  };
}

/**
 * The dialog's box. Focus goes back to whatever opened it when it closes (WCAG 2.4.3, decision 0027):
 * dialog-parts.tsx.
 */
export const DialogContent = part('DialogContent');
export const DialogTitle = part('DialogTitle');
export const DialogDescription = part('DialogDescription');
export const DialogClose = part('DialogClose');
