import type { PublicPaymentData } from '@clinicpay/shared';
import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Clinic = PublicPaymentData['clinic'];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** A phone number as a tel: address: its digits, with the leading + kept (RFC 3966). */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** The clinic's logo, or its initials when it has none or the logo does not load. */
export function ClinicLogo({ clinic, className }: { clinic: Clinic; className?: string }) {
  // A logo that fails to load (removed meanwhile, or blocked) falls back to the initials.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const size = cn('h-14 w-14 shrink-0 rounded-full', className);
  return clinic.logo && clinic.logo !== brokenLogo ? (
    <img
      src={clinic.logo}
      alt={`${clinic.name} logo`}
      onError={() => setBrokenLogo(clinic.logo)}
      className={cn(size, 'border border-slate-200 bg-white object-contain')}
    />
  ) : (
    <div
      aria-hidden
      className={cn(
        size,
        'flex items-center justify-center bg-brand-100 text-lg font-semibold text-brand-800',
      )}
    >
      {initials(clinic.name)}
    </div>
  );
}

const contactLink = 'text-brand-800 underline underline-offset-2 hover:decoration-2 [overflow-wrap:anywhere]';

/** The clinic's address, and its email and phone as links that start an email or a call. */
export function ClinicContact({ clinic, className }: { clinic: Clinic; className?: string }) {
  if (!clinic.address && !clinic.email && !clinic.phone) return null;
  return (
    <div className={cn('flex flex-col gap-0.5 text-sm text-slate-700', className)}>
      {clinic.address ? <p className="[overflow-wrap:anywhere]">{clinic.address}</p> : null}
      {clinic.email ? (
        <p>
          <a href={`mailto:${clinic.email}`} className={contactLink}>
            {clinic.email}
          </a>
        </p>
      ) : null}
      {clinic.phone ? (
        <p>
          <a href={telHref(clinic.phone)} className={contactLink}>
            {clinic.phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The clinic's logo or initials, name and contact details (docs/product.md#payment-page,
 * docs/product.md#success-page, docs/product.md#failed-page).
 */
export function ClinicSummary({ clinic }: { clinic: Clinic }) {
  return (
    <div className="flex min-w-0 items-start gap-4">
      <ClinicLogo clinic={clinic} />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{clinic.name}</p>
        <ClinicContact clinic={clinic} />
      </div>
    </div>
  );
}

/** The 'Clinic Information' block of the success and failed pages. */
export function ClinicInformationCard({ clinic, className }: { clinic: Clinic; className?: string }) {
  return (
    <Card className={className}>
      <CardContent className="p-4 sm:p-6">
        <h2 className="mb-3 font-semibold">Clinic Information</h2>
        <ClinicSummary clinic={clinic} />
      </CardContent>
    </Card>
  );
}
