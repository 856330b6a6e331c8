import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useProviderConfig } from '@/lib/provider-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage, useRecordViewed } from './api/get-payment-page';
import { ClinicInformationCard } from './components/clinic-summary';
import { OrderSummary, ReassurancePanel } from './components/order-summary';
import { PaymentSystem } from './components/payment-system';
import { PaymentPageSkeleton } from './components/skeletons';
import { ReloadPageData } from './lib/reload-page-data';

const LOADING = CHECKOUT_MESSAGES.loading;

/**
 * Why a page cannot be paid, as its heading and message. 'Payment Unavailable' comes from
 * docs/product.md#payment-page; the other two headings are ours (decision 0024). A clinic whose payments
 * are paused (by ClinicPay or the provider: decisions 0080, 0081) is not blamed for its set-up.
 */
const NOT_PAYABLE = {
  not_connected: { title: CHECKOUT_MESSAGES.unavailableTitle, message: CHECKOUT_MESSAGES.unavailable },
  unavailable: {
    title: CHECKOUT_MESSAGES.unavailableTitle,
    message: CHECKOUT_MESSAGES.temporarilyUnavailable,
  },
  archived: { title: 'Payment Link Inactive', message: CHECKOUT_MESSAGES.archived },
  paid: { title: 'Already Paid', message: CHECKOUT_MESSAGES.alreadyPaid },
  // No longer payable (docs/decisions/0105-request-and-link-lifetimes.md): the clinic's contact follows.
  cancelled: { title: CHECKOUT_MESSAGES.cancelledTitle, message: CHECKOUT_MESSAGES.cancelled },
  expired: { title: CHECKOUT_MESSAGES.expiredTitle, message: CHECKOUT_MESSAGES.expired },
  used_up: { title: CHECKOUT_MESSAGES.usedUpTitle, message: CHECKOUT_MESSAGES.usedUp },
} as const;

/** Places in the two-column grid; the source order is the phone's: summary, form, reassurance. */
const AREA = {
  summary: 'md:col-start-1 md:row-start-1',
  form: 'md:col-start-2 md:row-start-1 md:row-span-2',
  aside: 'md:col-start-1 md:row-start-2',
};

/**
 * The public payment page (docs/product.md#payment-page): /payment/{id}, a payment request id or a
 * payment link id.
 */
export function PaymentPage() {
  useDocumentTitle('Payment');
  const { id } = useParams();
  const page = usePaymentPage(id);
  // Asked for with the page's data, not once it has come: the form's provider chunk waits on it.
  useProviderConfig();
  useRecordViewed(page.data);

  if (!id) return <Alert tone="error">No payment link ID provided</Alert>;
  if (page.isPending) return <PaymentPageSkeleton label={LOADING} />;
  if (page.isError) {
    // An unknown id is the patient's to fix; anything else is a system error, which leads on to the
    // failed page and its advice (docs/product.md#failed-page).
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
  return (
    <ReloadPageData.Provider value={page.refetch}>
      <PaymentPageContent page={page.data} />
    </ReloadPageData.Provider>
  );
}

function PaymentPageContent({ page }: { page: PublicPaymentData }) {
  const notPayable = page.payability === 'payable' ? null : NOT_PAYABLE[page.payability];
  return (
    <div className="mx-auto grid max-w-5xl gap-4 sm:gap-6 md:grid-cols-2 md:grid-rows-[auto_1fr] md:items-start">
      <OrderSummary page={page} className={AREA.summary} />
      {notPayable ? (
        // No form and no payment heading: the page says only why it cannot be paid (decision 0024).
        <Alert tone={page.payability === 'paid' ? 'success' : 'error'} className={AREA.form}>
          <h1 className="text-base font-semibold">{notPayable.title}</h1>
          <p className="mt-1">{notPayable.message}</p>
          {/* The clinic's own words; its contact details are beside (the summary) or below (a phone). */}
          {page.closedNote ? <p className="mt-2 whitespace-pre-line">{page.closedNote}</p> : null}
        </Alert>
      ) : (
        <Card className={AREA.form}>
          <CardHeader className="p-4 sm:p-6">
            <h1 className="text-xl font-semibold">
              {page.securesAppointment ? CHECKOUT_MESSAGES.securesHeading : 'Complete Your Payment'}
            </h1>
          </CardHeader>
          <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
            {page.securesAppointment && !page.cardOnFile ? (
              // The clinic turned its policies off since: there is nothing to save the card under.
              <Alert tone="error">{CHECKOUT_MESSAGES.noPolicyToSecure}</Alert>
            ) : (
              <PaymentSystem page={page} />
            )}
          </CardContent>
        </Card>
      )}
      {notPayable ? null : <ReassurancePanel page={page} className={AREA.aside} />}
      {/* On a phone the summary is compact; the clinic's contact details come last. */}
      {page.clinic.address || page.clinic.email || page.clinic.phone ? (
        <ClinicInformationCard clinic={page.clinic} className="md:hidden" />
      ) : null}
    </div>
  );
}
