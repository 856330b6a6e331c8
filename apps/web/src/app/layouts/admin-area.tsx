import { useSignOut } from '@/features/auth/api/sign-out';
import { RequireRole } from '../guards';
import { AdminLayout } from './admin-layout';

/** /admin/*: admins only, in the admin layout. */
export default function AdminArea() {
  const signOut = useSignOut();
  return (
    <RequireRole allowed="admin">
      <AdminLayout onSignOut={() => signOut.mutate()} />
    </RequireRole>
  );
}
