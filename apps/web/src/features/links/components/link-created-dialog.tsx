import { LINK_MESSAGES, linkAmountText, type PaymentLink } from '@clinicpay/shared';
import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { copyToClipboard } from '@/lib/clipboard';

/**
 * 'Payment Link Created' with title, amount, description, the link, copy and 'Send Link' (not
 * for a link that secures an appointment: docs/decisions/0095-secure-your-appointment.md). On closing,
 * focus goes where `returnFocus` puts it, not to the page's main region.
 */
export function LinkCreatedDialog({
  link,
  onClose,
  returnFocus,
}: {
  link: PaymentLink | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the form, emptied for the next link). */
  returnFocus?: () => void;
}) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocus) return;
          event.preventDefault();
          returnFocus();
        }}
      >
        {link ? (
          <div className="flex flex-col gap-4">
            <DialogTitle>Payment Link Created</DialogTitle>
            <DialogDescription>
              {link.securesAppointment
                ? LINK_MESSAGES.shareToSecure
                : 'Share this link with your patients to collect payment.'}
            </DialogDescription>
            <dl className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
              <dt className="font-medium">Title</dt>
              <dd>{link.title}</dd>
              <dt className="font-medium">Amount</dt>
              <dd>{linkAmountText(link)}</dd>
              {link.description ? (
                <>
                  <dt className="font-medium">Description</dt>
                  <dd>{link.description}</dd>
                </>
              ) : null}
            </dl>
            <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
              <code className="flex-1 truncate text-sm" data-testid="created-link-url">
                {link.url}
              </code>
              <Button
                size="sm"
                variant="outline"
                onClick={() => copyToClipboard(link.url, LINK_MESSAGES.paymentLinkCopied)}
              >
                <Copy className="h-4 w-4" aria-hidden /> Copy
              </Button>
            </div>
            {/* A link that only saves a card is shared as it is, never sent as a payment request. */}
            {link.securesAppointment ? null : (
              <Button asChild>
                <Link to="/dashboard/send-link">Send Link</Link>
              </Button>
            )}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
