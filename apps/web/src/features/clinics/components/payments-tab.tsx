import { type Clinic, PROVIDER_MESSAGES, PROVIDER_NAME } from '@clinicpay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ProviderStatusBadge } from '@/components/provider-status-badge';
import { SandboxBadge } from '@/components/sandbox-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, serverAnswered } from '@/lib/api-client';
import { clinicKeys } from '../api/get-clinic';
import { useDisconnectProvider, useStartConnection } from '../api/payment-provider';
import { ProviderAccountNotice } from './provider-account-notice';

/**
 * What starts (or goes on with) the provider's onboarding: Connect without an account in use, Resume
 * while onboarding is unfinished; nothing once ClinicPay turned payments off (decision 0081), nor in
 * the other statuses, whose notice says what to do (decision 0080).
 */
function connectLabel(clinic: Clinic): string | null {
  if (clinic.paymentsTurnedOff) return null;
  if (clinic.stripeStatus === 'not_connected') return `Connect with ${PROVIDER_NAME}`;
  if (clinic.stripeStatus === 'pending') return 'Resume onboarding';
  return null;
}

/**
 * Clinic Settings → Payments (docs/product.md#clinic-settings): the connection status, the account id, what
 * the provider's account calls for (ProviderAccountNotice: docs/decisions/0080-account-status.md,
 * 0081-disconnect-keeps-the-account.md), Connect or Resume onboarding, and Disconnect while an account is in
 * use.
 */
export function PaymentsTab({ clinic }: { clinic: Clinic }) {
  const connect = useStartConnection();
  const disconnect = useDisconnectProvider();
  const queryClient = useQueryClient();
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  const connectText = connectLabel(clinic);
  const hasAccount = clinic.stripeStatus !== 'not_connected';

  const onConnect = () => {
    const loading = toast.loading(PROVIDER_MESSAGES.connecting);
    connect.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        toast.dismiss(loading);
        toast.error(
          serverAnswered(error)
            ? PROVIDER_MESSAGES.connectFailed(error.message)
            : PROVIDER_MESSAGES.connectUnexpected,
        );
        // Turned off meanwhile: read the clinic again, so the tab says so and stops offering Connect.
        if (error instanceof ApiError && error.code === 'PAYMENTS_TURNED_OFF') {
          void queryClient.invalidateQueries({ queryKey: clinicKeys.current });
        }
      },
    });
  };

  const onDisconnect = () => {
    setDisconnectError(null);
    disconnect.mutate(undefined, {
      onSuccess: () => toast.success(PROVIDER_MESSAGES.disconnected),
      onError: (error) => setDisconnectError(PROVIDER_MESSAGES.disconnectFailed(error.message)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Payment Processing <SandboxBadge />
        </CardTitle>
        <CardDescription>
          Connect a {PROVIDER_NAME} account to take card payments. Payouts go to your own bank account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium">{PROVIDER_NAME} status</span>
          <ProviderStatusBadge status={clinic.stripeStatus} data-testid="provider-status" />
        </div>
        {clinic.stripeAccountId ? (
          <p className="text-sm text-slate-600">
            Account ID: <code data-testid="provider-account-id">{clinic.stripeAccountId}</code>
          </p>
        ) : null}
        <ProviderAccountNotice clinic={clinic} headingLevel="h4" />
        {disconnectError ? <Alert tone="error">{disconnectError}</Alert> : null}
        {connectText || hasAccount ? (
          <div className="flex flex-wrap gap-2">
            {connectText ? (
              <Button onClick={onConnect} disabled={connect.isPending}>
                {connectText}
              </Button>
            ) : null}
            {hasAccount ? (
              <Button variant="outline" onClick={onDisconnect} disabled={disconnect.isPending}>
                {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
