import {
  ADMIN_MESSAGES,
  type NotificationWebhooks,
  type NotificationWebhooksInput,
  notificationWebhooksSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { copyToClipboard } from '@/lib/clipboard';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useNotificationWebhooks } from '../api/get-notification-webhooks';
import { useUpdateNotificationWebhooks } from '../api/update-notification-webhooks';

const FIELDS = [
  { name: 'patientNotificationWebhook', label: 'Patient notification webhook' },
  { name: 'clinicNotificationWebhook', label: 'Clinic notification webhook' },
] as const;

/**
 * The two notification webhook URLs of system_settings (spec §3); blank clears one. Below them, the
 * installation's signing secret, read-only, for integrators to verify deliveries with (issue #11).
 */
export function WebhooksCard() {
  const stored = useNotificationWebhooks();
  const update = useUpdateNotificationWebhooks();
  const form = useForm<NotificationWebhooksInput, unknown, NotificationWebhooks>({
    resolver: zodResolver(notificationWebhooksSchema),
    defaultValues: { patientNotificationWebhook: '', clinicNotificationWebhook: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(
    form,
    FIELDS.map((field) => field.name),
    { formId: 'webhooks' },
  );
  // reset is stable; the form object is not, and resetting on every render would undo typing.
  const { reset } = form;
  useEffect(() => {
    if (stored.data) {
      reset({
        patientNotificationWebhook: stored.data.patientNotificationWebhook ?? '',
        clinicNotificationWebhook: stored.data.clinicNotificationWebhook ?? '',
      });
    }
  }, [stored.data, reset]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(ADMIN_MESSAGES.webhooksSaved),
      onError: (failure) => {
        showServerFieldErrors(form, failure, errors);
        toast.error(ADMIN_MESSAGES.webhooksFailed);
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Webhooks</CardTitle>
        <CardDescription>
          Where patient and clinic notifications are posted. Leave blank for none.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
          {FIELDS.map((field) => (
            <FormField key={field.name} name={field.name} label={field.label}>
              <Input type="url" placeholder="https://" {...form.register(field.name)} />
            </FormField>
          ))}
          <Button type="submit" className="self-start" disabled={update.isPending}>
            {update.isPending ? ADMIN_MESSAGES.saving : 'Save webhooks'}
          </Button>
        </Form>
        <SigningSecretField secret={stored.data?.signingSecretMasked ?? ''} />
      </CardContent>
    </Card>
  );
}

const SECRET_ID = 'webhookSigningSecret';

/** Read-only: the server makes the secret; the admin only copies it to the receiving system. */
function SigningSecretField({ secret }: { secret: string }) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <FormField
        id={SECRET_ID}
        label="Signing secret"
        hint={
          <>
            Receivers should verify the <code>ClinicPay-Signature</code> header: <code>t=…,v1=</code> is the
            HMAC-SHA256 of <code>"t.body"</code> keyed with this secret.
          </>
        }
      >
        {(control) => (
          <div className="flex gap-2">
            <Input readOnly value={secret} className="font-mono text-xs" {...control} />
            <Button
              type="button"
              variant="outline"
              aria-label="Copy signing secret"
              disabled={!secret}
              onClick={() => copyToClipboard(secret, ADMIN_MESSAGES.signingSecretCopied)}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy
            </Button>
          </div>
        )}
      </FormField>
    </div>
  );
}
