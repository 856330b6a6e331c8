import { formatPence, PAYMENT_MESSAGES, type PaymentDetails, REFUND_STATUS_LABELS } from '@clinicpay/shared';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QrCodePanel } from '@/components/qr-code-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/lib/permissions';
import { usePayment } from '../api/get-payment';
import { canRefund } from '../lib/refundable';
import { DisputeRefundNotice } from './dispute-refund-notice';
import { PaymentBalance } from './payment-balance';
import { PaymentFacts } from './payment-facts';
import { PaymentNotifications } from './payment-notifications';
import { RefundDialog } from './refund-dialog';
import { RequestActions } from './request-actions';

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

function PaymentDetailsBody({ payment }: { payment: PaymentDetails }) {
  const [refunding, setRefunding] = useState(false);
  // Refunds are an owner's or manager's (decision 0121).
  const mayRefund = useCan('money');
  return (
    <div className="mt-1 flex flex-col gap-4">
      <DialogDescription>
        {payment.linkTitle} · {payment.patientName}
      </DialogDescription>
      <PaymentFacts payment={payment} />
      {payment.isRequest ? null : (
        <Link to={`/dashboard/payments/${encodeURIComponent(payment.id)}`} className="text-sm underline">
          Open the payment's page: timeline, receipt and refunds
        </Link>
      )}
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
                <span>{REFUND_STATUS_LABELS[refund.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PaymentNotifications notifications={payment.notifications} />
      {payment.isRequest ? <RequestActions requestId={payment.id} /> : null}
      <DisputeRefundNotice payment={payment} />
      {canRefund(payment) && mayRefund ? (
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
