import { formatPence, type PublicPaymentData } from '@clinicpay/shared';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePosterData } from './api/get-poster-data';

/** The page size and margins of the printed poster: ISO A5, portrait. */
const PRINT_PAGE = '@page { size: A5 portrait; margin: 12mm; }';

const NOT_PAYABLE: Partial<Record<PublicPaymentData['payability'], string>> = {
  archived: 'This link is archived: patients who scan the poster cannot pay until you restore it.',
  paid: 'This request has been paid: the poster would show patients a paid request.',
  not_connected: 'Patients cannot pay until your clinic is connected to the card provider.',
  unavailable: 'Card payments are paused for your clinic: patients cannot pay for now.',
  // docs/decisions/0105-request-and-link-lifetimes.md
  cancelled: 'This request was cancelled: patients who scan the poster cannot pay it.',
  expired: 'This link or request is past its last day to pay: patients who scan the poster cannot pay.',
  used_up: 'This link has taken its most payments: patients who scan the poster cannot pay.',
};

/**
 * /dashboard/posters/:pageId: an A5 poster of a payment link's or request's QR code for the front
 * desk, with the clinic's logo and name, what is paid for and the amount; Print opens the browser's
 * print dialog, and the print stylesheet leaves only the poster on the page.
 */
export function PosterPage() {
  const { pageId = '' } = useParams();
  const data = usePosterData(pageId);
  useDocumentTitle(data.data ? `Poster: ${data.data.title}` : 'Poster');
  const back = (
    <Button asChild variant="outline" size="sm">
      <Link to={data.data?.isRequest ? '/dashboard/payment-history' : '/dashboard/create-link'}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
    </Button>
  );

  if (data.isPending) {
    return (
      <PageFrame title="Poster" actions={back}>
        <Spinner label="Loading poster..." />
      </PageFrame>
    );
  }
  if (data.isError) {
    return (
      <PageFrame title="Poster" actions={back}>
        <Alert tone="error">{data.error.message}</Alert>
      </PageFrame>
    );
  }
  const page = data.data;
  const qr = `/api/${page.isRequest ? 'payment-requests' : 'payment-links'}/${encodeURIComponent(page.id)}/qr-code?format=svg`;
  const warning = NOT_PAYABLE[page.payability];
  return (
    <div className="flex flex-col gap-6">
      <style>{PRINT_PAGE}</style>
      <div className="print:hidden">
        <PageFrame
          title="Print a QR code poster"
          description="An A5 poster for your front desk: patients scan it with their phone camera to pay."
          actions={
            <>
              {back}
              <Button size="sm" onClick={() => window.print()}>
                <Printer className="h-4 w-4" aria-hidden /> Print
              </Button>
            </>
          }
        >
          {warning ? <Alert tone="warning">{warning}</Alert> : null}
        </PageFrame>
      </div>
      <article
        aria-label="Poster"
        className="mx-auto flex w-full max-w-[148mm] flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center print:max-w-none print:border-0 print:p-0"
      >
        {page.clinic.logo ? (
          <img src={page.clinic.logo} alt="" className="h-16 max-w-[60%] object-contain" />
        ) : null}
        <p className="text-xl font-semibold">{page.clinic.name}</p>
        <h2 className="text-3xl font-bold">{page.title}</h2>
        <p className="text-2xl" data-testid="poster-amount">
          {formatPence(page.amount)}
        </p>
        <img
          src={qr}
          alt={`QR code that opens the payment page for ${page.title}`}
          className="w-[90mm] max-w-full"
        />
        <p className="text-lg font-medium">Scan with your phone camera to pay securely by card</p>
        <p className="break-all text-sm text-slate-600">{`${window.location.origin}/payment/${page.id}`}</p>
      </article>
    </div>
  );
}
