import {
  type AdminAccounts,
  type AdminInvitation,
  adminInvitationSchema,
  INVITATION_MESSAGES,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useInviteAdmin } from '../api/invite-admin';
import { useAdmins } from '../api/list-admins';

type Admin = AdminAccounts['admins'][number];

const COLUMNS: Column<Admin>[] = [
  {
    header: 'Email',
    cell: (admin) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="break-all">{admin.email}</span>
        {admin.invitationPending ? (
          <Badge tone="yellow">{INVITATION_MESSAGES.adminInvitePending}</Badge>
        ) : null}
      </span>
    ),
  },
  {
    header: 'Two-factor sign-in',
    cell: (admin) =>
      admin.twoFactorEnabled ? <Badge tone="green">On</Badge> : <Badge tone="grey">Not set up yet</Badge>,
  },
  { header: 'Added', cell: (admin) => formatDate(admin.createdAt) },
];

const EMPTY: AdminInvitation = { email: '' };

/** The invitation form: one email; a taken address is told under the field (decision 0125). */
function InviteAdminForm() {
  const invite = useInviteAdmin();
  const form = useForm<AdminInvitation>({
    resolver: zodResolver(adminInvitationSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['email'], { formId: 'invite-admin', idPrefix: 'invite-admin-' });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
          form.setError('email', { message: error.message });
          errors.focusFirstInvalid();
        } else if (!showServerFieldErrors(form, error, errors)) toast.error(INVITATION_MESSAGES.adminFailed);
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <FormField name="email" label="New admin's email" className="flex-1">
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Invite admin'}
      </Button>
    </Form>
  );
}

/**
 * Administrators (decision 0125): every admin with whether two-factor sign-in is on and when they were
 * added, and the form that invites another by email to set a password.
 */
export function AdminsCard() {
  const admins = useAdmins();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="admins-title">{INVITATION_MESSAGES.adminsTitle}</CardTitle>
        <CardDescription>{INVITATION_MESSAGES.adminsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {admins.isError ? (
          <Alert tone="error">{INVITATION_MESSAGES.adminsFailed}</Alert>
        ) : (
          <DataTable
            labelledBy="admins-title"
            columns={COLUMNS}
            rows={admins.data?.admins ?? []}
            rowKey={(admin) => admin.id}
            busy={admins.isPending}
          />
        )}
        <InviteAdminForm />
      </CardContent>
    </Card>
  );
}
