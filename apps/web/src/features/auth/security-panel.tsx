import { ChangePasswordForm } from './change-password-form';
import { DevicesPanel } from './devices-panel';
import { TwoFactorPanel } from './two-factor-panel';

/** Settings → Security, and a member's Security page: the password, two-factor sign-in and devices. */
export function SecurityPanel() {
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordForm />
      <TwoFactorPanel />
      <DevicesPanel />
    </div>
  );
}
