import {
  CLINIC_REFERENCE_MESSAGES,
  cardLabel,
  formatPence,
  PAYMENT_MESSAGES,
  PAYMENT_PAGE_MESSAGES,
  type PaymentDetails,
  paymentTypeLabel,
  phoneAsDialledFromUk,
  TERMS_MESSAGES,
  THREE_D_SECURE_LABELS,
  termsPath,
} from '@clinicpay/shared';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Button } from '@/components/ui/button';
import { copyToClipboard } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/permissions';

/**
 * What a payment is: the patient, amounts, when (date and time), the card and its 3-D Secure result,
 * the payment terms the payer accepted (docs/decisions/0107-payment-terms.md), status, type, what it
 * was for, its reference, its dispute and saved card. Shown in the details
 * dialog and on the payment's own page.
 */
export function PaymentFacts({ payment }: { payment: PaymentDetails }) {
  // Charging a saved card and disputes are the owner's and managers' (decision 0121).
  const mayCharge = useCan('money');
  return (
    <dl className="grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-2 text-sm">
      <Row term="Patient">{payment.patientName}</Row>
      <Row term="Email">{payment.patientEmail}</Row>
      <Row term="Phone">{payment.patientPhone ? phoneAsDialledFromUk(payment.patientPhone) : '—'}</Row>
      <Row term="Amount">{formatPence(payment.amount)}</Row>
      {payment.platformFee !== null ? (
        <Row term="Platform fee">{formatPence(payment.platformFee)}</Row>
      ) : null}
      {payment.refundedAmount > 0 ? (
        <Row term="Refunded so far">{formatPence(payment.refundedAmount)}</Row>
      ) : null}
      <Row term={payment.isRequest ? 'Sent on' : 'Paid on'}>{formatDateTime(payment.date)}</Row>
      {payment.card ? (
        <>
          <Row term="Card">{cardLabel(payment.card)}</Row>
          <Row term="3-D Secure">
            {payment.card.threeDSecure
              ? (THREE_D_SECURE_LABELS[payment.card.threeDSecure] ?? payment.card.threeDSecure)
              : PAYMENT_PAGE_MESSAGES.noThreeDSecure}
          </Row>
        </>
      ) : null}
      {payment.termsAccepted ? (
        <Row term={TERMS_MESSAGES.acceptedLabel}>
          {TERMS_MESSAGES.accepted(
            payment.termsAccepted.version,
            formatDateTime(payment.termsAccepted.acceptedAt),
          )}
          {payment.termsAccepted.ip ? ` ${TERMS_MESSAGES.fromIp(payment.termsAccepted.ip)}` : ''}.{' '}
          <a
            href={termsPath(payment.termsAccepted.id)}
            target="_blank"
            rel="noreferrer"
            className="underline"
          >
            {TERMS_MESSAGES.view}
          </a>
        </Row>
      ) : null}
      <Row term="Status">
        <PaymentStatusBadge status={payment.status} disputeStatus={payment.disputeStatus} />
      </Row>
      {payment.disputeId && mayCharge ? (
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
      {payment.clinicReference ? (
        <Row term={CLINIC_REFERENCE_MESSAGES.yours}>{payment.clinicReference}</Row>
      ) : null}
      {payment.savedCard ? (
        <Row term="Saved card">
          <span className="flex flex-wrap items-center gap-x-3">
            {payment.savedCard.label}
            {mayCharge ? (
              <Link
                to={`/dashboard/patients/${encodeURIComponent(payment.savedCard.patientId)}?charge=${encodeURIComponent(payment.savedCard.cardId)}`}
                className="underline"
              >
                Charge saved card
              </Link>
            ) : null}
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
