import { formatPence, PAYMENT_MESSAGES, type PaymentDetails } from '@clinicpay/shared';
import { ArrowLeft, Mail, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverAnswered } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePayment } from './api/get-payment';
import { useResendReceipt } from './api/resend-receipt';
import { DisputeRefundNotice } from './components/dispute-refund-notice';
import { PaymentBalance } from './components/payment-balance';
import { PaymentFacts } from './components/payment-facts';
import { PaymentNotifications } from './components/payment-notifications';
import { RefundPanel } from './components/refund-panel';
import { RequestActions } from './components/request-actions';
import { paymentTimeline } from './lib/payment-timeline';
import { canRefund } from './lib/refundable';

const backLink = (
  <Button asChild variant="outline" size="sm" className="print:hidden">
    <Link to="/dashboard/payment-history">
      <ArrowLeft className="h-4 w-4" aria-hidden /> Payment History
    </Link>
  </Button>
);

/**
 * /dashboard/payments/:paymentId (GET /api/payments/:id): one payment with an address of its own, to
 * link to from the history and from the clinic's notices: what it is (time, card, 3-D Secure), its
 * timeline, its receipt (sent again, or printed), and its refund inline. 'Payment not found' when it is
 * not the clinic's.
 */
export function PaymentPage() {
  const { paymentId = '' } = useParams();
  const payment = usePayment(paymentId);
  // Refunds are an owner's or manager's (decision 0121).
  const mayRefund = useCan('money');
  const title = payment.data?.reference ? `Payment ${payment.data.reference}` : 'Payment';
  useDocumentTitle(title);
  if (payment.isPending) return <Spinner label="Loading payment..." className="justify-center py-24" />;
  if (payment.isError) {
    return (
      <PageFrame title="Payment" actions={backLink}>
        <Alert tone="error">
          {serverAnswered(payment.error) ? payment.error.message : PAYMENT_MESSAGES.notFound}
        </Alert>
      </PageFrame>
    );
  }
  const data = payment.data;
  return (
    <PageFrame
      title={title}
      description={`${formatPence(data.amount)} from ${data.patientName}`}
      actions={backLink}
    >
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{data.linkTitle}</CardTitle>
          <PaymentStatusBadge status={data.status} disputeStatus={data.disputeStatus} />
        </CardHeader>
        <CardContent>
          <PaymentFacts payment={data} />
        </CardContent>
      </Card>
      <PaymentBalance payment={data} />
      {data.isRequest ? <RequestActions requestId={data.id} /> : <ReceiptActions payment={data} />}
      <Timeline payment={data} />
      <DisputeRefundNotice payment={data} />
      {canRefund(data) && mayRefund ? <RefundPanel payment={data} /> : null}
      <Card className="print:hidden">
        <CardContent className="pt-6">
          <PaymentNotifications notifications={data.notifications} />
        </CardContent>
      </Card>
    </PageFrame>
  );
}

function ReceiptActions({ payment }: { payment: PaymentDetails }) {
  const resend = useResendReceipt(payment.id);
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (result) => toast.success(result.message),
            onError: (failure) =>
              toast.error(serverAnswered(failure) ? failure.message : PAYMENT_MESSAGES.notFound),
          })
        }
      >
        <Mail className="h-4 w-4" aria-hidden /> {resend.isPending ? 'Sending...' : 'Resend receipt'}
      </Button>
      <Button variant="outline" onClick={() => window.print()}>
        <Printer className="h-4 w-4" aria-hidden /> Print receipt
      </Button>
    </div>
  );
}

function Timeline({ payment }: { payment: PaymentDetails }) {
  const entries = paymentTimeline(payment);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="timeline-heading">Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        <ol
          aria-labelledby="timeline-heading"
          className="flex flex-col gap-3 border-l border-slate-200 pl-4 text-sm"
        >
          {entries.map((entry) => (
            <li key={`${entry.at}-${entry.text}`} className="flex flex-col">
              <time dateTime={entry.at} className="text-slate-600">
                {formatDateTime(entry.at)}
              </time>
              <span>{entry.text}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
