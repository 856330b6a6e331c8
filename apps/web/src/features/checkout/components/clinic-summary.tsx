import type { PublicPaymentData } from '@clinicpay/shared';
import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** The clinic's logo or initials, name and contact details (spec §2 payment, success and failed pages). */
export function ClinicSummary({ clinic }: { clinic: PublicPaymentData['clinic'] }) {
  // A logo that fails to load (removed meanwhile, or blocked) falls back to the initials.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  return (
    <div className="flex items-start gap-4">
      {clinic.logo && clinic.logo !== brokenLogo ? (
        <img
          src={clinic.logo}
          alt={`${clinic.name} logo`}
          onError={() => setBrokenLogo(clinic.logo)}
          className="h-14 w-14 shrink-0 rounded-full border border-slate-200 bg-white object-contain"
        />
      ) : (
        <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800">
          {initials(clinic.name)}
        </div>
      )}
      <div className="text-sm text-slate-600">
        <p className="text-lg font-semibold text-slate-900">{clinic.name}</p>
        {clinic.address ? <p>{clinic.address}</p> : null}
        {clinic.email ? <p>{clinic.email}</p> : null}
        {clinic.phone ? <p>{clinic.phone}</p> : null}
      </div>
    </div>
  );
}

/** The 'Clinic Information' block of the success and failed pages. */
export function ClinicInformationCard({ clinic }: { clinic: PublicPaymentData['clinic'] }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <h2 className="mb-3 font-semibold">Clinic Information</h2>
        <ClinicSummary clinic={clinic} />
      </CardContent>
    </Card>
  );
}
