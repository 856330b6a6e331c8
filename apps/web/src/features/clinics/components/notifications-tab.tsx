import { CLINIC_MESSAGES, type Clinic } from '@clinicpay/shared';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { serverAnswered } from '@/lib/api-client';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

const CHANNELS = [
  {
    key: 'emailNotifications',
    name: 'Email',
    field: 'email',
    text: 'Payment notices to you, and receipts, refund notices and saved-card notices to your patients, by email.',
  },
  {
    key: 'smsNotifications',
    name: 'SMS',
    field: 'sms',
    text: 'Payment notices texted to your phone number when it is a mobile, and receipts, refund notices and saved-card notices texted to your patients.',
  },
] as const;

/**
 * Clinic Settings → Notifications: the Email and SMS toggles with their toasts. They
 * govern the clinic's payment notices and the patients' receipts, refund and saved-card notices,
 * never a request the clinic sends, and say so
 * (docs/decisions/0104-requests-go-whatever-the-settings.md).
 */
export function NotificationsTab({ clinic }: { clinic: Clinic }) {
  const update = useUpdateNotificationSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Settings</CardTitle>
        <CardDescription>
          Choose how ClinicPay tells you and your patients about payments and refunds. A payment request you
          send always goes out, by email and to a mobile number by text, whatever you choose here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {CHANNELS.map(({ key, name, field, text }) => (
          <div key={key} className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor={key}>{name} Notifications</Label>
              <p id={`${key}-hint`} className="text-sm text-slate-600">
                {text}
              </p>
            </div>
            <Switch
              id={key}
              aria-describedby={`${key}-hint`}
              checked={clinic[key]}
              disabled={update.isPending}
              onCheckedChange={(enabled) =>
                update.mutate(
                  { [key]: enabled },
                  {
                    onSuccess: () => toast.success(CLINIC_MESSAGES.notificationToggled(name, enabled)),
                    onError: (error) =>
                      toast.error(
                        serverAnswered(error)
                          ? CLINIC_MESSAGES.notificationFailed(field)
                          : CLINIC_MESSAGES.notificationUnexpected,
                      ),
                  },
                )
              }
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
