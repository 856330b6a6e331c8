import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_MESSAGES,
  type NotificationWebhooks,
  type NotificationWebhooksInput,
  notificationWebhooksSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { copyToClipboard } from '@/lib/clipboard';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useNotificationWebhooks } from '../api/get-notification-webhooks';
import { useRevealSigningSecret, useRotateSigningSecret } from '../api/signing-secret';
import { useUpdateNotificationWebhooks } from '../api/update-notification-webhooks';

const FIELDS = [
  { name: 'patientNotificationWebhook', label: 'Patient notification webhook' },
  { name: 'clinicNotificationWebhook', label: 'Clinic notification webhook' },
] as const;

/**
 * The two notification webhook URLs of system_settings; blank clears one. Below them, the
 * installation's signing secret for integrators to verify deliveries with: masked, with an audited
 * Reveal and a confirmed Rotate (decision 0098).
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
        <SigningSecretField masked={stored.data?.signingSecretMasked ?? ''} />
      </CardContent>
    </Card>
  );
}

const SECRET_ID = 'webhookSigningSecret';

/**
 * Read-only: the server makes the secret; the admin only copies it to the receiving system. It is
 * shown masked (last 4 characters); Reveal and Copy fetch it whole from the audited endpoint, and
 * Rotate, after a confirmation, replaces it and shows the new one.
 */
function SigningSecretField({ masked }: { masked: string }) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const [rotateOpen, setRotateOpen] = useState(false);
  const reveal = useRevealSigningSecret();
  const rotate = useRotateSigningSecret();

  const toggleReveal = () => {
    if (revealed) return setRevealed(null);
    reveal.mutate(undefined, {
      onSuccess: (result) => setRevealed(result.signingSecret),
      onError: () => toast.error(ADMIN_CONSOLE_MESSAGES.secretRevealFailed),
    });
  };
  const copy = async () => {
    const secret =
      revealed ??
      (await reveal.mutateAsync().then(
        (result) => result.signingSecret,
        () => null,
      ));
    if (secret) copyToClipboard(secret, ADMIN_MESSAGES.signingSecretCopied);
    else toast.error(ADMIN_CONSOLE_MESSAGES.secretRevealFailed);
  };
  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (result) => {
        setRevealed(result.signingSecret);
        toast.success(ADMIN_CONSOLE_MESSAGES.secretRotated);
      },
      onError: () => toast.error(ADMIN_CONSOLE_MESSAGES.secretRotateFailed),
      onSettled: () => setRotateOpen(false),
    });

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <FormField
        id={SECRET_ID}
        label="Signing secret"
        hint={
          <>
            Receivers should verify the <code>ClinicPay-Signature</code> header: <code>t=…,v1=</code> is the
            HMAC-SHA256 of <code>"t.body"</code> keyed with this secret.{' '}
            {ADMIN_CONSOLE_MESSAGES.secretMaskedHint}
          </>
        }
      >
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <Input
              readOnly
              value={revealed ?? masked}
              className="min-w-0 flex-1 font-mono text-xs"
              {...control}
            />
            <Button
              type="button"
              variant="outline"
              aria-label={ADMIN_CONSOLE_MESSAGES.secretReveal}
              aria-pressed={revealed !== null}
              disabled={!masked || reveal.isPending}
              onClick={toggleReveal}
            >
              {revealed ? (
                <EyeOff className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Eye className="h-4 w-4" aria-hidden="true" />
              )}
              Reveal
            </Button>
            <Button
              type="button"
              variant="outline"
              aria-label="Copy signing secret"
              disabled={!masked}
              onClick={copy}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy
            </Button>
            <Button
              type="button"
              variant="outline"
              aria-label="Rotate signing secret"
              disabled={!masked}
              onClick={() => setRotateOpen(true)}
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {ADMIN_CONSOLE_MESSAGES.secretRotate}
            </Button>
          </div>
        )}
      </FormField>
      <Dialog
        open={rotateOpen}
        onOpenChange={(open) => (open || rotate.isPending ? undefined : setRotateOpen(false))}
      >
        <DialogContent>
          <div className="flex flex-col gap-4">
            <DialogTitle>{ADMIN_CONSOLE_MESSAGES.secretRotateTitle}</DialogTitle>
            <DialogDescription>{ADMIN_CONSOLE_MESSAGES.secretRotateBody}</DialogDescription>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" disabled={rotate.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={confirmRotate} disabled={rotate.isPending}>
                {rotate.isPending ? ADMIN_MESSAGES.saving : ADMIN_CONSOLE_MESSAGES.secretRotateConfirm}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
