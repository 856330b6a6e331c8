import { useSession } from '@/features/auth/api/session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { ClinicRoleProvider } from '@/lib/permissions';
import { RequireRole } from '../guards';
import { ClinicLayout } from './clinic-layout';

/**
 * /dashboard/*: clinic users only, in the clinic layout, each screen told the member's role
 * (decision 0121).
 */
export default function ClinicArea() {
  const signOut = useSignOut();
  const { user } = useSession();
  return (
    <RequireRole allowed="clinic">
      <ClinicRoleProvider role={user?.clinicRole ?? null}>
        <ClinicLayout onSignOut={() => signOut.mutate()} />
      </ClinicRoleProvider>
    </RequireRole>
  );
}
