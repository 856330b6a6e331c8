import {
  DISPUTE_MESSAGES,
  formatPence,
  PAYMENT_MESSAGES,
  type PaymentDetails,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { Copy, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { QrCodePanel } from '@/components/qr-code-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { copyToClipboard } from '@/lib/clipboard';
import { formatDate } from '@/lib/dates';
import { usePayment } from '../api/get-payment';
import { PaymentBalance } from './payment-balance';
import { PaymentNotifications } from './payment-notifications';
import { RefundDialog } from './refund-dialog';

/**
 * A payment's details, copy of its reference, Refund while something may be refunded, and the notices
 * sent about it (GET /api/payments/:id). A disputed payment links to its dispute's page, and while the
 * dispute is open it is not offered for refund (the clinic responds to the dispute instead).
 */
export function PaymentDetailsDialog({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const payment = usePayment(paymentId);
  return (
    <Dialog open={paymentId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Payment Details</DialogTitle>
        {payment.isPending ? <Spinner label="Loading payment..." className="mt-4" /> : null}
        {payment.isError ? (
          <Alert tone="error" className="mt-4">
            {payment.error.message || PAYMENT_MESSAGES.notFound}
          </Alert>
        ) : null}
        {payment.data ? <PaymentDetailsBody payment={payment.data} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Disputed, or lost to a dispute: the bank returned the money, so it cannot be refunded. */
const isDisputed = (payment: PaymentDetails) =>
  payment.disputeStatus === 'disputed' || payment.disputeStatus === 'dispute_lost';

const canRefund = (payment: PaymentDetails) =>
  !isDisputed(payment) &&
  payment.refundableAmount > 0 &&
  (payment.status === 'paid' || payment.status === 'partially_refunded');

function PaymentDetailsBody({ payment }: { payment: PaymentDetails }) {
  const [refunding, setRefunding] = useState(false);
  return (
    <div className="mt-1 flex flex-col gap-4">
      <DialogDescription>
        {payment.linkTitle} · {payment.patientName}
      </DialogDescription>
      <dl className="grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-2 text-sm">
        <Row term="Patient">{payment.patientName}</Row>
        <Row term="Email">{payment.patientEmail}</Row>
        <Row term="Phone">{payment.patientPhone ?? '—'}</Row>
        <Row term="Amount">{formatPence(payment.amount)}</Row>
        {payment.platformFee !== null ? (
          <Row term="Platform fee">{formatPence(payment.platformFee)}</Row>
        ) : null}
        {payment.refundedAmount > 0 ? (
          <Row term="Refunded so far">{formatPence(payment.refundedAmount)}</Row>
        ) : null}
        <Row term="Date">{formatDate(payment.date)}</Row>
        <Row term="Status">
          <PaymentStatusBadge status={payment.status} disputeStatus={payment.disputeStatus} />
        </Row>
        {payment.disputeId ? (
          <Row term="Dispute">
            <Link to={`/dashboard/disputes/${encodeURIComponent(payment.disputeId)}`} className="underline">
              View dispute
            </Link>
          </Row>
        ) : null}
        <Row term="Type">{paymentTypeLabel(payment.type)}</Row>
        <Row term="Payment for">{payment.linkTitle}</Row>
        {payment.description ? <Row term="Description">{payment.description}</Row> : null}
        {payment.message ? <Row term="Message">{payment.message}</Row> : null}
        <Row term="Reference">
          {payment.reference ? (
            <span className="inline-flex items-center gap-1">
              <code className="text-xs">{payment.reference}</code>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                aria-label="Copy payment reference"
                onClick={() => copyToClipboard(payment.reference ?? '', PAYMENT_MESSAGES.referenceCopied)}
              >
                <Copy className="h-4 w-4" />
              </Button>
            </span>
          ) : (
            '—'
          )}
        </Row>
        {payment.savedCard ? (
          <Row term="Saved card">
            <span className="flex flex-wrap items-center gap-x-3">
              {payment.savedCard.label}
              <Link
                to={`/dashboard/patients/${encodeURIComponent(payment.savedCard.patientId)}?charge=${encodeURIComponent(payment.savedCard.cardId)}`}
                className="underline"
              >
                Charge saved card
              </Link>
            </span>
          </Row>
        ) : null}
        {payment.status === 'sent' && payment.paymentUrl ? (
          <Row term="Payment page">
            <a href={payment.paymentUrl} target="_blank" rel="noreferrer" className="break-all underline">
              {payment.paymentUrl}
            </a>
          </Row>
        ) : null}
      </dl>
      {payment.status === 'sent' && payment.paymentUrl ? (
        <QrCodePanel
          apiPath={`/payment-requests/${encodeURIComponent(payment.id)}/qr-code`}
          label={payment.linkTitle}
          posterPath={`/dashboard/posters/${encodeURIComponent(payment.id)}`}
        />
      ) : null}
      <PaymentBalance payment={payment} />
      {payment.refunds.length ? (
        <section aria-labelledby="refunds-heading" className="text-sm">
          <h3 id="refunds-heading" className="mb-1 font-medium">
            Refunds
          </h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {payment.refunds.map((refund) => (
              <li key={refund.id} className="flex justify-between gap-2 px-3 py-2">
                <span>{formatDate(refund.createdAt)}</span>
                <span>{formatPence(refund.amount)}</span>
                <span className="capitalize">{refund.status}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PaymentNotifications notifications={payment.notifications} />
      {isDisputed(payment) ? <Alert tone="warning">{DISPUTE_MESSAGES.refundRefused}</Alert> : null}
      {canRefund(payment) ? (
        <>
          <Button variant="destructive" className="self-end" onClick={() => setRefunding(true)}>
            <Undo2 className="h-4 w-4" aria-hidden /> Refund
          </Button>
          <RefundDialog payment={payment} open={refunding} onOpenChange={setRefunding} />
        </>
      ) : null}
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
