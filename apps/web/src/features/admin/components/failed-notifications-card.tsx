import {
  type FailedNotifications,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_TYPE_LABELS,
} from '@clinicpay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCw, XCircle } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { failedNotificationsKeys, useFailedNotifications } from '../api/get-failed-notifications';
import { useRetryNotification } from '../api/retry-notification';
import { clinicNameOf } from './clinic-avatar';

type FailedNotification = FailedNotifications['notifications'][number];

/** en-GB (docs/product.md#constants) in London time, whatever the admin's computer is set to. */
const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/**
 * Every clinic's failed notices, newest first, each with Retry (decision 0019). A retried notice
 * leaves the list when it refreshes; focus then goes to the card's title rather than being lost.
 */
export function FailedNotificationsCard() {
  const failed = useFailedNotifications();
  const queryClient = useQueryClient();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const rows = failed.data?.notifications ?? [];
  // Called once the list is refreshed but before React redraws it: a row about to go takes the focused
  // button with it, so focus moves first, unless the admin has already moved it elsewhere.
  const keepFocus = (id: string, row: HTMLElement | null) => {
    const refreshed = queryClient.getQueryData<FailedNotifications>(failedNotificationsKeys.list);
    const leaving = !refreshed?.notifications.some((notification) => notification.id === id);
    const focusInRow = document.activeElement === document.body || row?.contains(document.activeElement);
    if (leaving && focusInRow) titleRef.current?.focus();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={titleRef} tabIndex={-1}>
          Failed notifications
        </CardTitle>
        <CardDescription>
          Notices that could not be delivered, newest first (up to 100). Retry queues one to be sent again.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failed.isPending ? <Spinner label="Loading failed notifications..." /> : null}
        {failed.isError ? <Alert tone="error">{failed.error.message}</Alert> : null}
        {failed.isSuccess && rows.length === 0 ? (
          <p className="text-sm text-slate-600">No failed notifications.</p>
        ) : null}
        {rows.length ? (
          <ul aria-label="Failed notifications" className="divide-y divide-slate-100">
            {rows.map((notification) => (
              <FailedNotificationRow
                key={notification.id}
                notification={notification}
                onSettled={keepFocus}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** What the Retry button's name says, so a screen reader can tell one row's button from another's. */
const noticeName = (notification: FailedNotification) => {
  const what = NOTIFICATION_TYPE_LABELS[notification.type].toLowerCase();
  return notification.recipient
    ? `${what} to ${notification.recipient}`
    : `${what} by ${NOTIFICATION_CHANNEL_LABELS[notification.channel]} (no recipient)`;
};

function FailedNotificationRow({
  notification,
  onSettled,
}: {
  notification: FailedNotification;
  onSettled: (id: string, row: HTMLElement | null) => void;
}) {
  // One mutation per row, so each row's button shows its own retry in flight.
  const retry = useRetryNotification();
  const rowRef = useRef<HTMLLIElement>(null);
  // mutateAsync settles even after the row has left the list, which mutate's callbacks would not.
  const onRetry = () =>
    retry
      .mutateAsync(notification.id)
      .then(
        (result) => toast.success(result.message),
        (failure: Error) => toast.error(failure.message),
      )
      .finally(() => onSettled(notification.id, rowRef.current));

  return (
    <li
      ref={rowRef}
      className="flex flex-col gap-3 py-4 text-sm md:flex-row md:items-start md:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{clinicNameOf(notification.clinicName)}</span>
        <span>
          {NOTIFICATION_TYPE_LABELS[notification.type]} · {NOTIFICATION_CHANNEL_LABELS[notification.channel]}{' '}
          to <span className="break-all">{notification.recipient ?? 'no recipient'}</span>
        </span>
        <span className="flex items-start gap-1.5 text-red-800">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">
            {notification.lastError ? `Failed: ${notification.lastError}` : 'Failed'}
          </span>
        </span>
        <span className="text-slate-600">
          Created{' '}
          <time dateTime={notification.createdAt}>
            {londonDateTime.format(new Date(notification.createdAt))}
          </time>
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start"
        disabled={retry.isPending}
        aria-label={`${retry.isPending ? 'Retrying' : 'Retry'} ${noticeName(notification)}`}
        onClick={onRetry}
      >
        <RotateCw className="h-4 w-4" aria-hidden />
        {retry.isPending ? 'Retrying…' : 'Retry'}
      </Button>
    </li>
  );
}
