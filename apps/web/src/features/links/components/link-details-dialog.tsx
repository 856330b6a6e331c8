import {
  CLINIC_REFERENCE_MESSAGES,
  formatPence,
  LINK_MESSAGES,
  linkAmountText,
  type PaymentLink,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { Copy, ExternalLink } from 'lucide-react';
import { QrCodePanel } from '@/components/qr-code-panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { copyToClipboard } from '@/lib/clipboard';
import { formatDate } from '@/lib/dates';
import { formatIsoDay } from '@/lib/london-days';

/**
 * A link's details with Copy Link and Open Link, and its QR code: what it asks for, the payments it has
 * taken and their net (docs/decisions/0097-one-set-of-figures.md), its limits
 * (docs/decisions/0105-request-and-link-lifetimes.md) and the clinic's reference (0108).
 */
export function LinkDetailsDialog({ link, onClose }: { link: PaymentLink | null; onClose: () => void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {link ? (
          <div className="flex flex-col gap-4">
            <DialogTitle>{link.title}</DialogTitle>
            <DialogDescription>{link.description ?? 'Payment link details'}</DialogDescription>
            <dl className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
              <dt className="font-medium">Amount</dt>
              <dd>{linkAmountText(link)}</dd>
              <dt className="font-medium">Type</dt>
              <dd>{paymentTypeLabel(link.type)}</dd>
              <dt className="font-medium">Created</dt>
              <dd>{formatDate(link.createdAt)}</dd>
              {link.totals ? (
                <>
                  <dt className="font-medium">Payments</dt>
                  <dd>
                    {LINK_MESSAGES.linkTotals(link.totals.payments, formatPence(link.totals.net))}
                    {link.maxPayments !== null
                      ? ` (${LINK_MESSAGES.paymentsOf(link.totals.payments, link.maxPayments)})`
                      : null}
                  </dd>
                </>
              ) : null}
              {link.expiresOn ? (
                <>
                  <dt className="font-medium">Last day to pay</dt>
                  <dd>{formatIsoDay(link.expiresOn)}</dd>
                </>
              ) : null}
              {link.clinicReference ? (
                <>
                  <dt className="font-medium">{CLINIC_REFERENCE_MESSAGES.yours}</dt>
                  <dd>{link.clinicReference}</dd>
                </>
              ) : null}
              <dt className="font-medium">Link</dt>
              <dd className="truncate">
                <code>{link.url}</code>
              </dd>
            </dl>
            <QrCodePanel
              apiPath={`/payment-links/${encodeURIComponent(link.id)}/qr-code`}
              label={link.title}
              posterPath={`/dashboard/posters/${encodeURIComponent(link.id)}`}
            />
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => copyToClipboard(link.url, LINK_MESSAGES.copied)}>
                <Copy className="h-4 w-4" aria-hidden /> Copy Link
              </Button>
              <Button asChild>
                <a href={link.url} target="_blank" rel="noreferrer">
                  <ExternalLink className="h-4 w-4" aria-hidden /> Open Link
                </a>
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
