import { TERMS_MESSAGES, type TermsInput, termsInputSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverAnswered } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useClinicTerms, useSaveTerms, useTurnOffTerms } from '../api/terms';

/**
 * Settings → Terms (docs/decisions/0107-payment-terms.md): the clinic's payment terms, which patients
 * must accept before paying. Saving changed words stores a new version (a payment names the version
 * its payer accepted); Turn off lets patients pay without terms.
 */
export function TermsTab() {
  const terms = useClinicTerms();
  const save = useSaveTerms();
  const turnOff = useTurnOffTerms();
  const form = useForm<TermsInput>({
    resolver: zodResolver(termsInputSchema),
    values: { text: terms.data?.text ?? '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['text'], {
    formId: 'payment-terms',
    labels: { text: TERMS_MESSAGES.textLabel },
  });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) =>
        toast.success(
          answer.changed && answer.terms
            ? TERMS_MESSAGES.saved(answer.terms.version)
            : TERMS_MESSAGES.unchanged,
        ),
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        toast.error(serverAnswered(error) ? error.message : TERMS_MESSAGES.saveFailed);
      },
    }),
  );

  if (terms.isPending) return <Spinner label="Loading payment terms..." />;
  if (terms.isError) return <Alert tone="error">{terms.error.message}</Alert>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TERMS_MESSAGES.title}</CardTitle>
        <CardDescription>{TERMS_MESSAGES.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm" data-testid="terms-status">
          {terms.data
            ? `${TERMS_MESSAGES.inForce(terms.data.version)}, saved ${formatLongDate(terms.data.createdAt)}.`
            : TERMS_MESSAGES.notSet}
        </p>
        <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField name="text" label={TERMS_MESSAGES.textLabel} hint={TERMS_MESSAGES.textHint}>
            <Textarea rows={8} {...form.register('text')} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : TERMS_MESSAGES.save}
            </Button>
            {terms.data ? (
              <Button
                type="button"
                variant="outline"
                disabled={turnOff.isPending}
                onClick={() =>
                  turnOff.mutate(undefined, {
                    onSuccess: () => toast.success(TERMS_MESSAGES.turnedOff),
                    onError: (error) =>
                      toast.error(serverAnswered(error) ? error.message : TERMS_MESSAGES.saveFailed),
                  })
                }
              >
                {TERMS_MESSAGES.turnOff}
              </Button>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
