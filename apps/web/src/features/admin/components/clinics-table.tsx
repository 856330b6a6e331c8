import { ADMIN_MESSAGES, type AdminClinicRow } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/dates';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ProviderStatusBadge } from './provider-status-badge';

/** Spec §2 "Admin Clinics": Clinic (name, email), Status, Join Date, Transactions; a row opens the clinic. */
export function ClinicsTable({ clinics, busy }: { clinics: AdminClinicRow[]; busy: boolean }) {
  const navigate = useNavigate();
  return (
    <table className="w-full text-sm" aria-label="Clinics" aria-busy={busy}>
      <thead className="text-left text-slate-600">
        <tr>
          <th scope="col" className="px-4 py-2 font-medium">
            Clinic
          </th>
          <th scope="col" className="px-4 py-2 font-medium">
            Status
          </th>
          <th scope="col" className="px-4 py-2 font-medium">
            Join Date
          </th>
          <th scope="col" className="px-4 py-2 text-right font-medium">
            Transactions
          </th>
        </tr>
      </thead>
      <tbody>
        {clinics.length === 0 ? (
          <tr>
            <td colSpan={4} className="px-4 py-8 text-center text-slate-600">
              {busy ? ADMIN_MESSAGES.loadingClinics : ADMIN_MESSAGES.noClinics}
            </td>
          </tr>
        ) : (
          clinics.map((clinic) => (
            <tr
              key={clinic.id}
              className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
              onClick={() => navigate(`/admin/clinics/${clinic.id}`)}
            >
              <td className="px-4 py-3">
                <span className="flex items-center gap-3">
                  <ClinicAvatar name={clinic.clinicName} logoUrl={clinic.logoUrl} />
                  <span className="flex flex-col">
                    <Link to={`/admin/clinics/${clinic.id}`} className="font-medium hover:underline">
                      {clinicNameOf(clinic.clinicName)}
                    </Link>
                    <span className="text-slate-600">{clinic.email || ADMIN_MESSAGES.noEmail}</span>
                  </span>
                </span>
              </td>
              <td className="px-4 py-3">
                <ProviderStatusBadge status={clinic.stripeStatus} />
              </td>
              <td className="px-4 py-3">{formatDate(clinic.createdAt)}</td>
              <td className="px-4 py-3 text-right">{clinic.transactions}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
