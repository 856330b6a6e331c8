import { NotAllowed } from '@/components/not-allowed';
import { SecurityPanel } from '@/features/auth/security-panel';
import { SettingsPage } from '@/features/clinics/settings-page';
import { TeamTab } from '@/features/team/team-tab';
import { Can } from '@/lib/permissions';

/**
 * The settings page composed from the clinics feature, the auth feature's security form and the team
 * feature's Team tab; the owner's (decision 0121).
 */
export default function ClinicSettingsRoute() {
  return (
    <Can permission="manage" fallback={<NotAllowed title="Settings" permission="manage" />}>
      <SettingsPage securityTab={<SecurityPanel />} teamTab={<TeamTab />} />
    </Can>
  );
}
