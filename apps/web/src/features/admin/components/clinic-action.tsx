import { ADMIN_MESSAGES } from '@clinicpay/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { clinicNameOf } from './clinic-avatar';

/** The clinic an action is asked for: its id, and its name for the question. */
export interface ActionTarget {
  id: string;
  clinicName: string | null;
}

/** What an admin's action on a clinic says: the dialog's title, question and button, and the outcomes. */
export interface ClinicActionTexts {
  title: string;
  question: (clinicName: string) => string;
  confirm: string;
  pending: string;
  /** The toast once done, naming the clinic as the server's answer does. */
  done: (clinicName: string) => string;
  /** The dialog's inline error. */
  failed: (message: string) => string;
  /** Whether it takes something away (a disconnect, a closed account), shown on its button. */
  destructive: boolean;
}

export const DISCONNECT_TEXTS: ClinicActionTexts = {
  title: ADMIN_MESSAGES.disconnectTitle,
  question: ADMIN_MESSAGES.disconnectQuestion,
  confirm: ADMIN_MESSAGES.disconnectButton,
  pending: ADMIN_MESSAGES.disconnecting,
  done: ADMIN_MESSAGES.disconnected,
  failed: ADMIN_MESSAGES.disconnectFailed,
  destructive: true,
};

export const RESTORE_TEXTS: ClinicActionTexts = {
  title: ADMIN_MESSAGES.restoreTitle,
  question: ADMIN_MESSAGES.restoreQuestion,
  confirm: ADMIN_MESSAGES.restoreButton,
  pending: ADMIN_MESSAGES.restoring,
  done: ADMIN_MESSAGES.restored,
  failed: ADMIN_MESSAGES.restoreFailed,
  destructive: false,
};

export const CLOSE_ACCOUNT_TEXTS: ClinicActionTexts = {
  title: ADMIN_MESSAGES.closeAccountTitle,
  question: ADMIN_MESSAGES.closeAccountQuestion,
  confirm: ADMIN_MESSAGES.closeAccountButton,
  pending: ADMIN_MESSAGES.closingAccount,
  done: ADMIN_MESSAGES.accountClosed,
  failed: ADMIN_MESSAGES.closeAccountFailed,
  destructive: true,
};

type ClinicMutation = UseMutationResult<{ clinicName: string }, Error, string>;

/**
 * An admin's confirmed action on one clinic at a time (force-disconnect, restore payments, close the
 * provider account: decision 0081): which clinic the dialog is open for, its error, and confirm, which
 * runs the mutation, toasts the outcome and closes the dialog, or keeps it open with the error.
 */
export function useClinicAction(mutation: ClinicMutation, texts: ClinicActionTexts) {
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTarget(null);
    setError(null);
  };
  const confirm = () => {
    if (!target) return;
    setError(null);
    mutation.mutate(target.id, {
      onSuccess: (result) => {
        toast.success(texts.done(result.clinicName));
        close();
      },
      onError: (failure) => setError(texts.failed(failure.message)),
    });
  };
  return { texts, target, open: setTarget, close, confirm, error, pending: mutation.isPending };
}

export type ClinicAction = ReturnType<typeof useClinicAction>;

/**
 * The confirmation of a clinic action, naming the clinic (decision 0081; 'Confirm Stripe
 * Disconnection' for a disconnect), with its inline error; focus returns to the button that opened it.
 */
export function ClinicActionDialog({ action }: { action: ClinicAction }) {
  const { texts, target, pending, error } = action;
  return (
    <Dialog open={target !== null} onOpenChange={(next) => (next || pending ? undefined : action.close())}>
      <DialogContent>
        <div className="flex flex-col gap-4">
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.question(clinicNameOf(target?.clinicName ?? null))}</DialogDescription>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant={texts.destructive ? 'destructive' : 'default'}
              onClick={action.confirm}
              disabled={pending}
            >
              {pending ? texts.pending : texts.confirm}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
