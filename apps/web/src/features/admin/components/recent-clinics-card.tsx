import type { RecentClinic } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ProviderStatusBadge } from './provider-status-badge';

/** Spec §2: the 5 newest clinics; each row opens the clinic (its name is the link for keyboards). */
export function RecentClinicsCard({ clinics }: { clinics: RecentClinic[] }) {
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="recent-clinics-title">Recent Clinics</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {clinics.length === 0 ? (
          <p className="text-sm text-slate-600">No clinics found</p>
        ) : (
          <table className="w-full text-sm" aria-labelledby="recent-clinics-title">
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Clinic
                </th>
                <th scope="col" className="py-2 font-medium">
                  Joined
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Payments processed
                </th>
              </tr>
            </thead>
            <tbody>
              {clinics.map((clinic) => (
                <tr
                  key={clinic.id}
                  className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
                  onClick={() => navigate(`/admin/clinics/${clinic.id}`)}
                >
                  <td className="py-2">
                    <span className="flex items-center gap-3">
                      <ClinicAvatar name={clinic.clinicName} logoUrl={clinic.logoUrl} />
                      <Link to={`/admin/clinics/${clinic.id}`} className="font-medium hover:underline">
                        {clinicNameOf(clinic.clinicName)}
                      </Link>
                    </span>
                  </td>
                  <td className="py-2">{formatDate(clinic.createdAt)}</td>
                  <td className="py-2">
                    <ProviderStatusBadge status={clinic.stripeStatus} />
                  </td>
                  <td className="py-2 text-right">{clinic.paymentsProcessed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
