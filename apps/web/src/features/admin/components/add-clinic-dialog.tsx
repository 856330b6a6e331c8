import { type ClinicInvitation, clinicInvitationSchema, INVITATION_MESSAGES } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useInviteClinic } from '../api/invite-clinic';

const EMPTY: ClinicInvitation = { clinicName: '', email: '' };

/** 'Add New Clinic': name and email; the clinic is emailed a link to set its password (decision 0017). */
export function AddClinicDialog() {
  const [open, setOpen] = useState(false);
  const invite = useInviteClinic();
  const form = useForm<ClinicInvitation>({
    resolver: zodResolver(clinicInvitationSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['clinicName', 'email'], { formId: 'invite', idPrefix: 'invite-' });

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
          form.setError('email', { message: error.message });
          errors.focusFirstInvalid();
        } else if (!showServerFieldErrors(form, error, errors)) toast.error(INVITATION_MESSAGES.failed);
      },
    }),
  );

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden /> Add New Clinic
      </Button>
      <Dialog open={open} onOpenChange={(next) => (invite.isPending ? undefined : setOpen(next))}>
        <DialogContent>
          <DialogTitle>Add New Clinic</DialogTitle>
          <DialogDescription className="mt-1">
            The clinic is emailed a link to set its password. It works once, for 7 days.
          </DialogDescription>
          <Form errors={errors} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
            <FormField name="clinicName" label="Clinic name">
              <Input autoComplete="off" {...form.register('clinicName')} />
            </FormField>
            <FormField name="email" label="Email">
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <Button type="submit" className="self-end" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
