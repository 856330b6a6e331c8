/**
 * Settings → Security's two-factor card (decision 0122): off, with Turn on; or on, with New recovery
 * codes and Turn off (the password and a current code; not offered to an account that must use it).
 */
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorDisableRequest,
  twoFactorDisableRequestSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useDisableTwoFactor, useRenewRecoveryCodes, useTwoFactorStatus } from './api/two-factor';
import { PasswordStep, RecoveryCodes, TwoFactorSetup } from './components/two-factor-setup';

type Step = 'idle' | 'setup' | 'renew' | 'disable';

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableRequest>({
    resolver: zodResolver(twoFactorDisableRequestSchema),
    defaultValues: { password: '', code: '' },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['password', 'code'], { formId: 'two-factor-disable' });
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        onDone();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, errors)) form.setError('root', { message: error.message });
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <FormField name="password" label="Your password">
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormField name="code" label="Code from your authenticator app">
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...form.register('code')} />
      </FormField>
      <Button type="submit" variant="destructive" className="self-start" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </Button>
    </Form>
  );
}

export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const renew = useRenewRecoveryCodes();
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = () => {
    setStep('idle');
    setCodes(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          A code from an app on your phone, as well as your password, each time you sign in on a new device.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? <Spinner label="Loading..." /> : null}
        {status.isError ? <Alert tone="error">{status.error.message}</Alert> : null}
        {/* The setup stays until its codes are saved, though two-factor is on from its last code. */}
        {step === 'setup' ? (
          <TwoFactorSetup
            onDone={() => {
              toast.success(TWO_FACTOR_MESSAGES.turnedOn);
              done();
            }}
          />
        ) : null}
        {status.data && !status.data.enabled && step !== 'setup' ? (
          <>
            <p>
              Two-factor sign-in is <strong>off</strong>.
              {status.data.required ? ' Your account must use it.' : ''}
            </p>
            <Button className="self-start" onClick={() => setStep('setup')}>
              Turn on two-factor sign-in
            </Button>
          </>
        ) : null}
        {status.data?.enabled && step !== 'setup' ? (
          <>
            <p>
              Two-factor sign-in is <strong>on</strong>.
              {status.data.required ? ' Your account must use it, so it cannot be turned off.' : ''}
            </p>
            {codes ? <RecoveryCodes codes={codes} onDone={done} /> : null}
            {step === 'renew' && !codes ? (
              <PasswordStep
                submitLabel="Make new recovery codes"
                pending={renew.isPending}
                onPassword={(values, form) =>
                  renew.mutate(values, {
                    onSuccess: (result) => {
                      toast.success(result.message);
                      setCodes(result.recoveryCodes);
                    },
                    onError: (error) => {
                      if (!showServerFieldErrors(form, error, form.errors))
                        form.setError('root', { message: error.message });
                    },
                  })
                }
              />
            ) : null}
            {step === 'disable' ? <DisableForm onDone={done} /> : null}
            {step === 'idle' ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setStep('renew')}>
                  New recovery codes
                </Button>
                {status.data.required ? null : (
                  <Button variant="outline" onClick={() => setStep('disable')}>
                    Turn off
                  </Button>
                )}
              </div>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
