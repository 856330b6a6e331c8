import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The sidebar's Sign Out entry (docs/product.md#sidebars). */
export function SignOutButton({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Button variant="ghost" className="w-full justify-start" onClick={onSignOut}>
      <LogOut className="h-4 w-4" aria-hidden />
      Sign Out
    </Button>
  );
}
