import { ADMIN_MESSAGES, type AdminClinicRow } from '@clinicpay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { useDisconnectClinic } from '../api/disconnect-clinic';
import { useAdminClinics } from '../api/list-admin-clinics';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ClinicSearch } from './clinic-search';
import { DisconnectDialog } from './disconnect-dialog';
import { ProviderStatusBadge } from './provider-status-badge';

const PAGE_SIZE = 10;

/** Spec §2 card-provider connection management: search, status badges, Disconnect when connected. */
export function ProviderConnectionsCard() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const clinics = useAdminClinics({ search, page, pageSize: PAGE_SIZE });
  const disconnect = useDisconnectClinic();
  const [target, setTarget] = useState<AdminClinicRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = clinics.data?.items ?? [];

  const close = () => {
    setTarget(null);
    setError(null);
  };
  const confirm = () => {
    if (!target) return;
    setError(null);
    disconnect.mutate(target.id, {
      onSuccess: (result) => {
        toast.success(result.message);
        close();
      },
      onError: (failure) => setError(ADMIN_MESSAGES.disconnectFailed(failure.message)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stripe Connections</CardTitle>
        <CardDescription>Force-disconnect a clinic to stop its card payments at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ClinicSearch
          id="connection-search"
          value={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        {clinics.isError ? (
          <Alert tone="error">{ADMIN_MESSAGES.clinicsFailedWith(clinics.error.message)}</Alert>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Stripe connections">
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">
                  Clinic
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Stripe Status
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={3} className="px-2 py-6 text-center text-slate-600">
                    {clinics.isPending ? ADMIN_MESSAGES.loadingClinics : ADMIN_MESSAGES.noClinics}
                  </td>
                </tr>
              ) : (
                rows.map((clinic) => (
                  <tr key={clinic.id} className="border-t border-slate-100">
                    <td className="px-2 py-2">
                      <span className="flex items-center gap-3">
                        <ClinicAvatar name={clinic.clinicName} />
                        <span className="flex flex-col">
                          <span className="font-medium">{clinicNameOf(clinic.clinicName)}</span>
                          <span className="text-slate-600">{clinic.email || ADMIN_MESSAGES.noEmail}</span>
                        </span>
                      </span>
                    </td>
                    <td className="px-2 py-2">
                      <ProviderStatusBadge status={clinic.stripeStatus} />
                    </td>
                    <td className="px-2 py-2 text-right">
                      {clinic.stripeStatus === 'connected' ? (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Disconnect ${clinicNameOf(clinic.clinicName)}`}
                          onClick={() => setTarget(clinic)}
                        >
                          Disconnect
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <Pager
          label="Connection pages"
          page={page}
          pageCount={Math.ceil((clinics.data?.total ?? 0) / PAGE_SIZE)}
          onPage={setPage}
        />
        <DisconnectDialog
          open={target !== null}
          pending={disconnect.isPending}
          error={error}
          onConfirm={confirm}
          onClose={close}
        />
      </CardContent>
    </Card>
  );
}
