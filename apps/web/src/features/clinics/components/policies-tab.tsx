import {
  formatPence,
  POLICY_LABELS,
  POLICY_MESSAGES,
  type Policy,
  type PolicyForm,
  type PolicyInput,
  type PolicyKind,
  policyFeeText,
  policyFormSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useFormErrors } from '@/lib/form-errors';
import { useClinicPolicies, useSavePolicy, useTurnOffPolicy } from '../api/policies';

const DESCRIPTIONS: Record<PolicyKind, string> = {
  cancellation:
    'What a patient is charged for cancelling late. Patients agree to it when they save a card for their appointment.',
  no_show:
    'What a patient is charged for missing their appointment. Patients agree to it when they save a card for their appointment.',
};

const FIELD_NAMES = ['fee', 'noticeHours', 'text'] as const;

function formValues(kind: PolicyKind, policy: Policy | null): PolicyForm {
  return {
    feeType: policy?.feeType ?? 'fixed',
    fee:
      policy?.feeType === 'percent'
        ? String(policy.feePercent ?? '')
        : policy?.feeAmount
          ? formatPence(policy.feeAmount).replace('£', '').replace(/,/g, '')
          : '',
    noticeHours: policy?.noticeHours ? String(policy.noticeHours) : kind === 'cancellation' ? '24' : '',
    text: policy?.text ?? '',
    needsNotice: kind === 'cancellation',
  };
}

/** One policy's form: the fee (fixed or a percentage), the notice period (cancellation only) and the text. */
function PolicyCard({ kind, policy }: { kind: PolicyKind; policy: Policy | null }) {
  const save = useSavePolicy(kind);
  const turnOff = useTurnOffPolicy(kind);
  const form = useForm<PolicyForm, unknown, PolicyInput>({
    resolver: zodResolver(policyFormSchema),
    values: formValues(kind, policy),
    shouldFocusError: false,
  });
  const feeType = useWatch({ control: form.control, name: 'feeType' });
  const statusRef = useRef<HTMLParagraphElement>(null);
  const errors = useFormErrors(form, FIELD_NAMES, {
    formId: `policy-${kind}`,
    idPrefix: `${kind}-`,
    labels: { fee: 'Fee', noticeHours: 'Notice period (hours)', text: 'Policy text' },
  });

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: ({ policy: saved, changed }) =>
        changed && saved
          ? toast.success(POLICY_MESSAGES.saved(kind, saved.version))
          : toast.info(POLICY_MESSAGES.unchanged(kind)),
      onError: (error) => {
        if (error instanceof ApiError) {
          const fields = error.fieldErrors;
          const fee = fields.feeAmount ?? fields.feePercent;
          if (fee) form.setError('fee', { message: fee });
          if (fields.noticeHours) form.setError('noticeHours', { message: fields.noticeHours });
          if (fields.text) form.setError('text', { message: fields.text });
          if (fee || fields.noticeHours || fields.text) errors.focusFirstInvalid();
        }
        toast.error(POLICY_MESSAGES.saveFailed);
      },
    }),
  );

  const headingId = `policy-${kind}-heading`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle>
            <span id={headingId}>{POLICY_LABELS[kind]}</span>
          </CardTitle>
          <CardDescription>{DESCRIPTIONS[kind]}</CardDescription>
          <p
            ref={statusRef}
            tabIndex={-1}
            className="text-sm focus:outline-none"
            data-testid={`policy-${kind}-status`}
          >
            {policy
              ? `In force: version ${policy.version}, ${policyFeeText(policy)}, saved ${formatLongDate(policy.createdAt)}.`
              : POLICY_MESSAGES.notSet}
          </p>
        </CardHeader>
        <CardContent>
          <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium">Fee</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="fixed" {...form.register('feeType')} />A fixed amount
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="percent" {...form.register('feeType')} />A percentage of the
                treatment price
              </label>
            </fieldset>
            <div className="grid gap-4 md:grid-cols-2">
              <FormField
                name="fee"
                label={feeType === 'percent' ? 'Fee (% of the treatment price)' : 'Fee (£)'}
              >
                <Input inputMode="decimal" autoComplete="off" {...form.register('fee')} />
              </FormField>
              {kind === 'cancellation' ? (
                <FormField
                  name="noticeHours"
                  label="Notice period (hours)"
                  hint="Cancelling with less notice than this is charged the fee."
                >
                  <Input inputMode="numeric" autoComplete="off" {...form.register('noticeHours')} />
                </FormField>
              ) : null}
            </div>
            <FormField
              name="text"
              label="Policy text"
              hint="Patients read this, word for word, before they agree."
            >
              <Textarea {...form.register('text')} />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save policy'}
              </Button>
              {policy ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={turnOff.isPending}
                  onClick={() =>
                    turnOff.mutate(undefined, {
                      onSuccess: () => {
                        toast.success(POLICY_MESSAGES.turnedOff(kind));
                        // The button goes with the policy: focus moves to what the card now says.
                        statusRef.current?.focus();
                      },
                      onError: () => toast.error(POLICY_MESSAGES.saveFailed),
                    })
                  }
                >
                  Turn off
                </Button>
              ) : null}
            </div>
          </Form>
        </CardContent>
      </section>
    </Card>
  );
}

/**
 * Settings → Policies (docs/decisions/0090-policies.md): the cancellation policy and the no-show fee,
 * each saved as a new version when its terms change, and each can be turned off.
 */
export function PoliciesTab() {
  const policies = useClinicPolicies();
  if (policies.isPending) return <Spinner label="Loading policies..." />;
  if (policies.isError) return <Alert tone="error">{policies.error.message}</Alert>;
  return (
    <div className="flex flex-col gap-4">
      <PolicyCard kind="cancellation" policy={policies.data.cancellation} />
      <PolicyCard kind="no_show" policy={policies.data.no_show} />
    </div>
  );
}
