import { type ChangePasswordRequest, changePasswordRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useChangePassword } from './api/change-password';

const FIELDS = [
  ['currentPassword', 'Current Password', 'current-password'],
  ['newPassword', 'New Password', 'new-password'],
  ['confirmPassword', 'Confirm Password', 'new-password'],
] as const;

/**
 * Clinic Settings → Security (docs/product.md#clinic-settings): change password; other sessions are
 * signed out.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(
    form,
    FIELDS.map(([name]) => name),
    { formId: 'change-password' },
  );

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset();
      },
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        toast.error(error.message);
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form errors={errors} onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
          {FIELDS.map(([name, label, autoComplete]) => (
            <FormField key={name} name={name} label={label}>
              <Input type="password" autoComplete={autoComplete} {...form.register(name)} />
            </FormField>
          ))}
          <Button type="submit" disabled={change.isPending} className="self-start">
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
