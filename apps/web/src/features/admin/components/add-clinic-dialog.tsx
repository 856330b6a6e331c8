import { type ClinicInvitation, clinicInvitationSchema, INVITATION_MESSAGES } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useInviteClinic } from '../api/invite-clinic';

const EMPTY: ClinicInvitation = { clinicName: '', email: '' };

/** 'Add New Clinic': name and email; the clinic is emailed a link to set its password (issue 12). */
export function AddClinicDialog() {
  const [open, setOpen] = useState(false);
  const invite = useInviteClinic();
  const form = useForm<ClinicInvitation>({
    resolver: zodResolver(clinicInvitationSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        if (error instanceof ApiError && error.code === 'CONFLICT')
          form.setError('email', { message: error.message });
        else toast.error(INVITATION_MESSAGES.failed);
      },
    }),
  );

  const field = (name: keyof ClinicInvitation, label: string, type = 'text') => {
    const error = errors[name]?.message;
    return (
      <FormField id={`invite-${name}`} label={label} error={error}>
        <Input
          id={`invite-${name}`}
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `invite-${name}-error` : undefined}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden /> Add New Clinic
      </Button>
      <Dialog open={open} onOpenChange={(next) => (invite.isPending ? undefined : setOpen(next))}>
        <DialogContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <DialogTitle>Add New Clinic</DialogTitle>
            <DialogDescription>
              The clinic is emailed a link to set its password. It works once, for 7 days.
            </DialogDescription>
            {field('clinicName', 'Clinic name')}
            {field('email', 'Email', 'email')}
            <Button type="submit" className="self-end" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
