import { useSignOut } from '@/features/auth/api/sign-out';
import { RequireRole } from '../guards';
import { ClinicLayout } from './clinic-layout';

/** /dashboard/*: clinic users only, in the clinic layout. */
export default function ClinicArea() {
  const signOut = useSignOut();
  return (
    <RequireRole allowed="clinic">
      <ClinicLayout onSignOut={() => signOut.mutate()} />
    </RequireRole>
  );
}
