import { type Clinic, PROVIDER_MESSAGES, PROVIDER_NAME } from '@clinicpay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { SandboxBadge } from '@/components/sandbox-badge';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisconnectProvider, useStartConnection } from '../api/payment-provider';

const STATUS_LABEL: Record<Clinic['stripeStatus'], { label: string; tone: BadgeTone }> = {
  connected: { label: 'Connected', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  not_connected: { label: 'Not Connected', tone: 'grey' },
  suspended: { label: 'Suspended', tone: 'grey' },
};

/** Spec §2 Clinic Settings → Payments: the connection status, the account id, Connect and Disconnect. */
export function PaymentsTab({ clinic }: { clinic: Clinic }) {
  const connect = useStartConnection();
  const disconnect = useDisconnectProvider();
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  const status = STATUS_LABEL[clinic.stripeStatus];
  const hasAccount = clinic.stripeStatus === 'connected' || clinic.stripeStatus === 'pending';

  const onConnect = () => {
    const loading = toast.loading(PROVIDER_MESSAGES.connecting);
    connect.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        toast.dismiss(loading);
        toast.error(PROVIDER_MESSAGES.connectFailed(error.message));
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
          <Badge tone={status.tone} data-testid="provider-status">
            {status.label}
          </Badge>
        </div>
        {hasAccount && clinic.stripeAccountId ? (
          <p className="text-sm text-slate-600">
            Account ID: <code data-testid="provider-account-id">{clinic.stripeAccountId}</code>
          </p>
        ) : null}
        {clinic.stripeStatus === 'pending' ? <Alert>{PROVIDER_MESSAGES.pending}</Alert> : null}
        {clinic.stripeStatus === 'suspended' ? (
          <Alert tone="error">
            {PROVIDER_NAME} has disabled payments on this account. Complete the details {PROVIDER_NAME} asks
            for to take payments again.
          </Alert>
        ) : null}
        {disconnectError ? <Alert tone="error">{disconnectError}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {clinic.stripeStatus !== 'connected' ? (
            <Button onClick={onConnect} disabled={connect.isPending}>
              {clinic.stripeStatus === 'not_connected'
                ? `Connect with ${PROVIDER_NAME}`
                : 'Resume onboarding'}
            </Button>
          ) : null}
          {hasAccount ? (
            <Button variant="outline" onClick={onDisconnect} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
