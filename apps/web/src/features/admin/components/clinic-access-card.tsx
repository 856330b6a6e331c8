import {
  type AdminClinicProfile,
  INVITATION_MESSAGES,
  SIGN_IN_SUSPENSION_MESSAGES,
  type SignInSuspension,
  signInSuspensionSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { formatLongDateTime } from '@/lib/dates';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useReactivateClinicSignIn } from '../api/reactivate-clinic-sign-in';
import { useResendClinicInvitation } from '../api/resend-clinic-invitation';
import { useSuspendClinicSignIn } from '../api/suspend-clinic-sign-in';
import { clinicNameOf } from './clinic-avatar';

type Clinic = AdminClinicProfile['clinic'];

const EMPTY: SignInSuspension = { reason: '' };

/**
 * Suspend sign-in: a dialog asking for the reason the clinic is told, required (3 to 500 characters),
 * its message under the field; Suspend confirms it. A refusal stays in the dialog.
 */
function SuspendDialog({ clinic, open, onClose }: { clinic: Clinic; open: boolean; onClose: () => void }) {
  const suspend = useSuspendClinicSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInSuspension>({
    resolver: zodResolver(signInSuspensionSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['reason'], { formId: 'suspend-sign-in', idPrefix: 'suspend-' });
  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    suspend.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    suspend.mutate(
      { clinicId: clinic.id, ...values },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          close();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, errors))
            setFailure(SIGN_IN_SUSPENSION_MESSAGES.suspendFailed(error.message));
        },
      },
    );
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next || suspend.isPending ? undefined : close())}>
      <DialogContent>
        <DialogTitle>{SIGN_IN_SUSPENSION_MESSAGES.suspendTitle}</DialogTitle>
        <DialogDescription className="mt-1">
          {SIGN_IN_SUSPENSION_MESSAGES.suspendQuestion(clinicNameOf(clinic.clinicName))}
        </DialogDescription>
        <Form errors={errors} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          <FormField name="reason" label={SIGN_IN_SUSPENSION_MESSAGES.reasonLabel}>
            <Textarea aria-required="true" {...form.register('reason')} />
          </FormField>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={suspend.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={suspend.isPending}>
              {suspend.isPending
                ? SIGN_IN_SUSPENSION_MESSAGES.suspending
                : SIGN_IN_SUSPENSION_MESSAGES.suspendButton}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** What a confirmed action on the clinic says and does, once confirmed. */
type Question = 'resend' | 'reactivate';

/**
 * The clinic's sign-in and invitation (decision 0125): whether its team may sign in (a suspension shows
 * its reason and since when), with Suspend sign-in or Reactivate sign-in; while its account has never
 * set a password, Resend invitation. Each action is confirmed in a dialog that hands focus back to its
 * button, and a refusal stays in the dialog.
 */
export function ClinicAccessCard({ clinic }: { clinic: Clinic }) {
  const [suspending, setSuspending] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const resend = useResendClinicInvitation();
  const reactivate = useReactivateClinicSignIn();
  const name = clinicNameOf(clinic.clinicName);
  const mutation = question === 'resend' ? resend : reactivate;
  const closeQuestion = () => {
    resend.reset();
    reactivate.reset();
    setQuestion(null);
  };
  const confirm = () => {
    const done = {
      onSuccess: (result: { message: string }) => {
        toast.success(result.message);
        closeQuestion();
      },
    };
    if (question === 'resend') resend.mutate(clinic.id, done);
    else reactivate.mutate(clinic.id, done);
  };
  const failed =
    question === 'resend' ? INVITATION_MESSAGES.resendFailed : SIGN_IN_SUSPENSION_MESSAGES.reactivateFailed;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {clinic.signInSuspendedAt ? (
          <div className="flex flex-col gap-2">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="red">{SIGN_IN_SUSPENSION_MESSAGES.badge}</Badge>
              <span>{SIGN_IN_SUSPENSION_MESSAGES.since(formatLongDateTime(clinic.signInSuspendedAt))}</span>
            </p>
            <p>
              <span className="font-medium text-slate-600">Reason: </span>
              <span className="whitespace-pre-line">{clinic.signInSuspensionReason}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => setQuestion('reactivate')}
            >
              {SIGN_IN_SUSPENSION_MESSAGES.reactivateButton}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <p>The clinic's team can sign in.</p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => setSuspending(true)}>
              {SIGN_IN_SUSPENSION_MESSAGES.suspendButton}
            </Button>
          </div>
        )}
        {clinic.invitationPending ? (
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="yellow">{INVITATION_MESSAGES.pendingBadge}</Badge>
              <span>The clinic's account has not set its password yet.</span>
            </p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => setQuestion('resend')}>
              {INVITATION_MESSAGES.resendButton}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <SuspendDialog clinic={clinic} open={suspending} onClose={() => setSuspending(false)} />
      <ConfirmDialog
        open={question !== null}
        title={
          question === 'resend'
            ? INVITATION_MESSAGES.resendTitle
            : SIGN_IN_SUSPENSION_MESSAGES.reactivateTitle
        }
        description={
          question === 'resend'
            ? INVITATION_MESSAGES.resendQuestion(name)
            : SIGN_IN_SUSPENSION_MESSAGES.reactivateQuestion(name)
        }
        confirmLabel={
          question === 'resend'
            ? INVITATION_MESSAGES.resendButton
            : SIGN_IN_SUSPENSION_MESSAGES.reactivateButton
        }
        pendingLabel={
          question === 'resend' ? INVITATION_MESSAGES.resending : SIGN_IN_SUSPENSION_MESSAGES.reactivating
        }
        pending={mutation.isPending}
        error={mutation.error ? failed(mutation.error.message) : null}
        onConfirm={confirm}
        onCancel={closeQuestion}
      />
    </Card>
  );
}
