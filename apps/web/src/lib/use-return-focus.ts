import { useLayoutEffect, useRef } from 'react';

/**
 * Focus back to whatever opened a dialog when it closes (WCAG 2.4.3). Radix returns focus only to a
 * Dialog.Trigger; dialogs opened from state (a table row, a conditional button) need this instead.
 * Pass the result as the content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus inside it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
}
