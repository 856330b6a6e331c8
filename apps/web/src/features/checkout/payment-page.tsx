import { CHECKOUT_MESSAGES, formatPence } from '@clinicpay/shared';
import { Lock, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage } from './api/get-payment-page';
import { ClinicSummary } from './components/clinic-summary';
import { PaymentSystem } from './components/payment-system';

const REASSURANCE = [
  'Bank-level encryption protects your card details',
  'PCI DSS compliant payment processing',
  'A confirmation is sent to you and to the clinic',
  'Trusted by NHS clinics',
];

/** Spec §2 "Public payment page": /payment/{id}, a payment request id or a payment link id. */
export function PaymentPage() {
  useDocumentTitle('Payment');
  const { id } = useParams();
  const page = usePaymentPage(id);

  if (!id) return <Alert tone="error">No payment link ID provided</Alert>;
  if (page.isPending)
    return <Spinner label="Loading payment information..." className="justify-center py-24" />;
  if (page.isError) {
    // An unknown id is the patient's to fix; anything else is a system error, which leads on to the
    // failed page and its advice (spec §2).
    const systemError = !(page.error instanceof ApiError && page.error.status === 404);
    return (
      <div className="mx-auto max-w-xl">
        <Alert tone="error">
          <p>{page.error.message}</p>
          {systemError ? (
            <Link
              to={`/payment/failed?link_id=${encodeURIComponent(id)}`}
              className="mt-2 inline-block font-medium underline"
            >
              What can I do?
            </Link>
          ) : null}
        </Alert>
      </div>
    );
  }
  const data = page.data;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6">
            <ClinicSummary clinic={data.clinic} />
            <dl className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-4 text-sm">
              <dt className="text-slate-600">Payment type</dt>
              <dd className="text-right font-medium">{data.title || 'Payment'}</dd>
              <dt className="text-slate-600">Amount Due</dt>
              <dd className="text-right text-2xl font-bold" data-testid="amount-due">
                {formatPence(data.amount)}
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Lock className="h-4 w-4 text-brand-700" aria-hidden /> Secure Payment
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2 text-sm text-slate-600">
              {REASSURANCE.map((line) => (
                <li key={line} className="flex items-center gap-2">
                  <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden /> {line}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Complete Your Payment</CardTitle>
        </CardHeader>
        <CardContent>
          {data.payability === 'not_connected' ? (
            <Alert tone="error">
              <p className="font-semibold">{CHECKOUT_MESSAGES.unavailableTitle}</p>
              <p>{CHECKOUT_MESSAGES.unavailable}</p>
            </Alert>
          ) : null}
          {data.payability === 'archived' ? <Alert tone="error">{CHECKOUT_MESSAGES.archived}</Alert> : null}
          {data.payability === 'paid' ? <Alert tone="success">{CHECKOUT_MESSAGES.alreadyPaid}</Alert> : null}
          {data.payability === 'payable' ? <PaymentSystem page={data} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
