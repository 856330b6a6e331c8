import {
  DISPUTE_MESSAGES,
  type DisputeDetail,
  EVIDENCE_MAX_TEXT,
  type SaveEvidenceBody,
  saveEvidenceBodySchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useSaveEvidence, useSubmitEvidence } from '../api/evidence';
import { EvidenceFilesEditor } from './evidence-files';

const count = (characters: number) => characters.toLocaleString('en-GB');

/**
 * The evidence of a dispute the clinic can still answer: 'Your explanation' (at most 20,000 characters,
 * counted as it is typed) with Save draft (PUT), the files, and Submit evidence (POST), which asks first,
 * as the evidence cannot be changed once sent; the explanation on screen is saved before it is sent.
 * `headingId` is the section's heading, where focus goes once the evidence is submitted.
 */
export function EvidenceForm({ dispute, headingId }: { dispute: DisputeDetail; headingId: string }) {
  const form = useForm<SaveEvidenceBody>({
    resolver: zodResolver(saveEvidenceBodySchema),
    defaultValues: { text: dispute.text },
    mode: 'onChange',
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['text'], {
    formId: 'evidence',
    idPrefix: 'evidence-',
    labels: { text: 'Your explanation' },
  });
  const save = useSaveEvidence(dispute.id);
  const submit = useSubmitEvidence(dispute.id);
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submitted = useRef(false);
  const length = form.watch('text').length;

  const onSave = form.handleSubmit(({ text }) =>
    save.mutate(text, {
      onSuccess: (saved) => {
        form.reset({ text: saved.text });
        toast.success(DISPUTE_MESSAGES.draftSaved);
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, errors)) {
          form.setError('root', { message: error.message });
          toast.error(error.message);
        }
      },
    }),
  );

  const onReview = async () => {
    if (!(await form.trigger('text'))) {
      errors.focusFirstInvalid();
      return;
    }
    if (!form.getValues('text').trim() && dispute.files.length === 0) {
      form.setError('text', { message: DISPUTE_MESSAGES.nothingToSubmit });
      errors.focusFirstInvalid();
      return;
    }
    setSubmitError(null);
    setConfirming(true);
  };

  const onConfirm = () => {
    const text = form.getValues('text');
    setSubmitError(null);
    submit.mutate(
      { unsavedText: text === dispute.text ? null : text },
      {
        onSuccess: () => {
          submitted.current = true;
          toast.success(DISPUTE_MESSAGES.submitted);
          setConfirming(false);
        },
        onError: (error) => setSubmitError(error.message),
      },
    );
  };

  const busy = save.isPending || submit.isPending;
  const over = length > EVIDENCE_MAX_TEXT;
  return (
    <div className="flex flex-col gap-6">
      <Form errors={errors} onSubmit={onSave} className="flex flex-col gap-3">
        <FormField
          name="text"
          label="Your explanation"
          hint="Say what the patient paid for, when they received it, and why the payment is right. Write it for the patient's bank."
        >
          {(control) => (
            <>
              <Textarea
                rows={10}
                readOnly={submit.isPending}
                {...control}
                aria-describedby={[control['aria-describedby'], 'evidence-text-count']
                  .filter(Boolean)
                  .join(' ')}
                {...form.register('text')}
              />
              <p
                id="evidence-text-count"
                className={cn('text-xs', over ? 'font-medium text-red-700' : 'text-slate-600')}
              >
                {count(length)} of {count(EVIDENCE_MAX_TEXT)} characters
              </p>
            </>
          )}
        </FormField>
        <Button type="submit" variant="outline" className="self-start" disabled={busy}>
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
      </Form>
      <EvidenceFilesEditor dispute={dispute} />
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">{DISPUTE_MESSAGES.submitWarning}</p>
        <Button type="button" className="self-start" disabled={busy} onClick={onReview}>
          Submit evidence
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Submit evidence?"
        description={DISPUTE_MESSAGES.submitWarning}
        confirmLabel="Submit evidence"
        pendingLabel="Submitting..."
        pending={submit.isPending}
        error={submitError}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
        onCloseAutoFocus={(event) => {
          if (!submitted.current) return;
          // The form is gone with the submission; its section's heading keeps the place.
          event.preventDefault();
          document.getElementById(headingId)?.focus();
        }}
      >
        <p className="text-sm text-slate-700">
          {dispute.files.length === 1 ? '1 file' : `${dispute.files.length} files`} and{' '}
          {form.getValues('text').trim() ? 'your explanation' : 'no explanation'} will be sent.
        </p>
      </ConfirmDialog>
    </div>
  );
}
