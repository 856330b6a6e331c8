/**
 * The dialog's parts on Radix: its root, its box with the focus trap, scroll lock and dismissal, and its
 * title, description and close button. Pages take them through dialog.tsx, which loads this module when
 * a dialog first opens (decision 0127); a chunk that is itself loaded on demand (the sandbox wallet's
 * sheet) imports it directly.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * The dialog's box. Focus goes back to whatever opened it when it closes (WCAG 2.4.3, decision 0027):
 * Radix does that only for a Dialog.Trigger, and most dialogs here open from state (a table row, a form's
 * submit, a button inside another dialog). The opener is what had focus as the dialog opened.
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-lg',
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Runs before focus moves in, so the active element is still the opener.
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // An opener that went with the dialog (Dismiss on a dismissed card) leaves focus at the page.
          const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
          if (!target) return;
          event.preventDefault();
          target.focus({ preventScroll: target !== opener.current });
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label="Close"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
