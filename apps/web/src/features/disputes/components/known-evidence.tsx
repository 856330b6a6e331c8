import { formatPence, type KnownEvidence } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { formatLongDateTime } from '@/lib/dates';

/**
 * 'What ClinicPay will send': what ClinicPay already knows about the disputed payment and sends with the
 * clinic's evidence: the receipt, the patient's details, the link or request paid and its description,
 * the payer's IP address when known, and the emails sent about the payment.
 */
export function KnownEvidenceCard({ known }: { known: KnownEvidence }) {
  return (
    <Card>
      <section aria-labelledby="known-evidence-heading">
        <CardHeader>
          <h2 id="known-evidence-heading" className="text-lg font-semibold leading-none">
            What ClinicPay will send
          </h2>
          <CardDescription>
            ClinicPay sends these details from its own records with your evidence. You do not need to add
            them.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 text-sm md:grid-cols-2">
          <Group title="Receipt">
            <Row term="Reference">
              <span className="font-mono text-xs">{known.receipt.reference}</span>
            </Row>
            <Row term="Amount">{formatPence(known.receipt.amount)}</Row>
            <Row term="Paid on">{formatLongDateTime(known.receipt.paidAt)}</Row>
            <Row term="For">{known.receipt.title}</Row>
          </Group>
          <Group title="Patient">
            <Row term="Name">{known.patient.name}</Row>
            <Row term="Email">{known.patient.email}</Row>
            {known.patient.phone ? <Row term="Phone">{known.patient.phone}</Row> : null}
            {known.payerIp ? <Row term="Paid from IP address">{known.payerIp}</Row> : null}
          </Group>
          <Group title={known.source.kind === 'link' ? 'Payment link' : 'Payment request'}>
            <Row term="Title">{known.source.title}</Row>
            {known.source.description ? <Row term="Description">{known.source.description}</Row> : null}
          </Group>
          {known.terms ? (
            <Group title="Payment terms accepted">
              <Row term="Version">{known.terms.version}</Row>
              <Row term="Accepted on">{formatLongDateTime(known.terms.acceptedAt)}</Row>
              <Row term="Terms">
                <span className="whitespace-pre-line">{known.terms.text}</span>
              </Row>
            </Group>
          ) : null}
          <section aria-labelledby="known-emails-heading" className="md:col-span-2">
            <h3 id="known-emails-heading" className="mb-2 font-medium">
              Emails sent
            </h3>
            {known.emails.length === 0 ? (
              <p className="text-slate-600">No emails were sent about this payment.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {known.emails.map((email) => (
                  <li
                    key={`${email.sentAt}-${email.recipient}-${email.subject}`}
                    className="flex flex-col gap-0.5 px-3 py-2"
                  >
                    <span className="font-medium">{email.subject}</span>
                    <span className="break-all text-slate-700">To {email.recipient}</span>
                    <span className="text-slate-600">
                      <span className="capitalize">{email.status}</span>, {formatLongDateTime(email.sentAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </CardContent>
      </section>
    </Card>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 font-medium">{title}</h3>
      <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1">{children}</dl>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
