/**
 * Turning two-factor sign-in on (decision 0122): the password, then the QR code (and the secret, for an
 * app that cannot scan) and the app's first code, then the 10 recovery codes, shown this once. Used by
 * Settings → Security and by the setup an account must do before anything else.
 */
import {
  type TwoFactorSetup as Setup,
  type TwoFactorCodeRequest,
  type TwoFactorPasswordRequest,
  twoFactorCodeRequestSchema,
  twoFactorPasswordRequestSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useConfirmTwoFactor, useStartTwoFactor } from '../api/two-factor';

/** The password step, shared by every two-factor action that asks for it again. */
export function PasswordStep({
  submitLabel,
  pending,
  onPassword,
}: {
  submitLabel: string;
  pending: boolean;
  onPassword: (values: TwoFactorPasswordRequest, form: ReturnType<typeof usePasswordForm>) => void;
}) {
  const form = usePasswordForm();
  return (
    <Form
      errors={form.errors}
      onSubmit={form.handleSubmit((values) => onPassword(values, form))}
      className="flex max-w-md flex-col gap-4"
    >
      <FormField name="password" label="Your password">
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? 'Checking...' : submitLabel}
      </Button>
    </Form>
  );
}

function usePasswordForm() {
  const form = useForm<TwoFactorPasswordRequest>({
    resolver: zodResolver(twoFactorPasswordRequestSchema),
    defaultValues: { password: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['password'], { formId: 'two-factor-password' });
  return { ...form, errors };
}

/** The recovery codes, shown once, with how to keep them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning">
        Save these recovery codes somewhere safe, apart from your phone. Each signs you in once if you lose
        your authenticator app. They are not shown again.
      </Alert>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <Button className="self-start" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </div>
  );
}

/** The whole setup; `onDone` runs once the codes are saved. */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const codeForm = useForm<TwoFactorCodeRequest>({
    resolver: zodResolver(twoFactorCodeRequestSchema),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const codeErrors = useFormErrors(codeForm, ['code'], { formId: 'two-factor-confirm' });

  if (!setup)
    return (
      <PasswordStep
        submitLabel="Continue"
        pending={start.isPending}
        onPassword={(values, form) =>
          start.mutate(values, {
            onSuccess: setSetup,
            onError: (error) => {
              if (!showServerFieldErrors(form, error, form.errors))
                form.setError('root', { message: error.message });
            },
          })
        }
      />
    );
  if (confirmed) return <RecoveryCodes codes={setup.recoveryCodes} onDone={onDone} />;

  const onConfirm = codeForm.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => setConfirmed(true),
      onError: (error) => {
        if (!showServerFieldErrors(codeForm, error, codeErrors))
          codeForm.setError('root', { message: error.message });
      },
    }),
  );
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or
          1Password).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt="QR code for your authenticator app"
        className="h-48 w-48"
      />
      <p className="text-sm">
        Key: <code className="rounded bg-slate-100 px-1 font-mono break-all">{setup.secret}</code>
      </p>
      <Form errors={codeErrors} onSubmit={onConfirm} className="flex max-w-md flex-col gap-4">
        <FormField name="code" label="Code from the app">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...codeForm.register('code')}
          />
        </FormField>
        <Button type="submit" className="self-start" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </Button>
      </Form>
    </div>
  );
}
