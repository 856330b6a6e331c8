import { ChangePasswordForm } from '@/features/auth/change-password-form';
import { SettingsPage } from '@/features/clinics/settings-page';

/** The settings page composed from the clinics feature and the auth feature's security form. */
export default function ClinicSettingsRoute() {
  return <SettingsPage securityTab={<ChangePasswordForm />} />;
}
