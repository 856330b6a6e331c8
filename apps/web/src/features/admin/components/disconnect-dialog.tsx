import { ADMIN_MESSAGES } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** Spec §2 'Confirm Stripe Disconnection', with its inline error; focus returns to the row's button. */
export function DisconnectDialog({
  open,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent>
        <div className="flex flex-col gap-4">
          <DialogTitle>{ADMIN_MESSAGES.disconnectTitle}</DialogTitle>
          <DialogDescription>{ADMIN_MESSAGES.disconnectQuestion}</DialogDescription>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={onConfirm} disabled={pending}>
              {pending ? ADMIN_MESSAGES.disconnecting : ADMIN_MESSAGES.disconnectButton}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
