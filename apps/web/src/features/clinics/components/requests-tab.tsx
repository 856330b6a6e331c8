import {
  type Clinic,
  MAX_REMINDERS,
  REQUEST_SETTINGS_MESSAGES as MESSAGES,
  requestSettingsUpdateSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input, Textarea } from '@/components/ui/input';
import { serverAnswered } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useUpdateRequestSettings } from '../api/update-request-settings';

/** Whole days typed with commas or spaces between ('3, 7'), as numbers; null for anything else. */
function daysOf(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((part) => /^\d{1,3}$/.test(part)) ? parts.map(Number) : null;
}

/**
 * The form as typed; its output is the API's input, checked by the API's own schema, so the browser
 * refuses exactly what the server would.
 */
const formSchema = z
  .object({
    remindersOn: z.boolean(),
    reminderDays: z.string(),
    requestExpiryDays: z.string(),
    closedPageText: z.string(),
  })
  .transform((form, ctx) => {
    const days = form.remindersOn ? daysOf(form.reminderDays) : [];
    if (days === null || (form.remindersOn && days.length === 0) || (days?.length ?? 0) > MAX_REMINDERS) {
      ctx.addIssue({ code: 'custom', path: ['reminderDays'], message: MESSAGES.invalidReminderDays });
      return z.NEVER;
    }
    const expiry = /^\d{1,3}$/.test(form.requestExpiryDays.trim())
      ? Number(form.requestExpiryDays)
      : Number.NaN;
    const parsed = requestSettingsUpdateSchema.safeParse({
      reminderDays: days,
      requestExpiryDays: expiry,
      closedPageText: form.closedPageText,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    return parsed.data;
  });
type RequestSettingsForm = z.input<typeof formSchema>;
type RequestSettingsValues = z.output<typeof formSchema>;

const LABELS = {
  remindersOn: MESSAGES.remindersLabel,
  reminderDays: MESSAGES.reminderDaysLabel,
  requestExpiryDays: MESSAGES.expiryDaysLabel,
  closedPageText: MESSAGES.closedPageTextLabel,
};

/**
 * Settings → Requests (docs/decisions/0105-request-and-link-lifetimes.md, 0106): the reminders of
 * unpaid requests and their days, the days a request can be paid for, and the message a patient reads
 * on a cancelled, expired or used-up page.
 */
export function RequestsTab({ clinic }: { clinic: Clinic }) {
  const update = useUpdateRequestSettings();
  const form = useForm<RequestSettingsForm, unknown, RequestSettingsValues>({
    resolver: zodResolver(formSchema),
    values: {
      remindersOn: clinic.reminderDays.length > 0,
      reminderDays: (clinic.reminderDays.length ? clinic.reminderDays : [3, 7]).join(', '),
      requestExpiryDays: String(clinic.requestExpiryDays),
      closedPageText: clinic.closedPageText ?? '',
    },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['remindersOn', 'reminderDays', 'requestExpiryDays', 'closedPageText'], {
    formId: 'request-settings',
    labels: LABELS,
  });
  const remindersOn = useWatch({ control: form.control, name: 'remindersOn' });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(MESSAGES.saved),
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        toast.error(serverAnswered(error) ? error.message : MESSAGES.saveFailed);
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{MESSAGES.title}</CardTitle>
        <CardDescription>
          How long patients have to pay a request, and when they are reminded.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField name="remindersOn" label={MESSAGES.remindersLabel} inline>
            <Checkbox {...form.register('remindersOn')} />
          </FormField>
          {remindersOn ? (
            <FormField
              name="reminderDays"
              label={MESSAGES.reminderDaysLabel}
              hint={MESSAGES.reminderDaysHint}
            >
              <Input inputMode="numeric" className="max-w-48" {...form.register('reminderDays')} />
            </FormField>
          ) : null}
          <FormField name="requestExpiryDays" label={MESSAGES.expiryDaysLabel} hint={MESSAGES.expiryDaysHint}>
            <Input inputMode="numeric" className="max-w-32" {...form.register('requestExpiryDays')} />
          </FormField>
          <FormField
            name="closedPageText"
            label={MESSAGES.closedPageTextLabel}
            hint={MESSAGES.closedPageTextHint}
          >
            <Textarea rows={3} maxLength={500} {...form.register('closedPageText')} />
          </FormField>
          <Button type="submit" disabled={update.isPending} className="self-start">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
