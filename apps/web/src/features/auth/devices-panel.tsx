/**
 * Settings → Security's signed-in devices (decision 0123): each with its browser, address, when it
 * signed in and was last used, and Sign out; the device in use is marked and stays signed in.
 */
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { useDevices, useSignOutDevice } from './api/devices';

export function DevicesPanel() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const run = (which: string) =>
    signOut.mutate(which, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(error.message),
    });
  const others = devices.data?.sessions.filter((session) => !session.current) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>
          Where your account is signed in now. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {devices.isPending ? <Spinner label="Loading devices..." /> : null}
        {devices.isError ? <Alert tone="error">{devices.error.message}</Alert> : null}
        {devices.data ? (
          <ul aria-label="Signed-in devices" className="flex flex-col">
            {devices.data.sessions.map((session) => (
              <li
                key={session.id}
                className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-0 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {session.device}
                    {session.current ? <span className="text-slate-600"> (this device)</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {session.ipAddress ?? 'Address unknown'} · signed in {formatDateTime(session.signedInAt)}{' '}
                    · last used {formatDateTime(session.lastSeenAt)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out: ${session.device}, ${session.ipAddress ?? 'address unknown'}`}
                    disabled={signOut.isPending}
                    onClick={() => run(session.id)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {others.length > 1 ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={signOut.isPending}
            onClick={() => run('others')}
          >
            Sign out every other device
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
