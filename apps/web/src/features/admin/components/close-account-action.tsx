import { ADMIN_MESSAGES, type AdminClinicProfile } from '@clinicpay/shared';
import { Button } from '@/components/ui/button';
import { useCloseProviderAccount } from '../api/close-provider-account';
import { CLOSE_ACCOUNT_TEXTS, ClinicActionDialog, useClinicAction } from './clinic-action';

/**
 * 'Close Stripe account' for a clinic that has its own provider account, after a dialog naming the
 * clinic that says it cannot be undone (docs/decisions/0081-disconnect-keeps-the-account.md). A
 * refusal (a balance left, the provider unavailable) stays in the dialog.
 */
export function CloseAccountAction({ clinic }: { clinic: AdminClinicProfile['clinic'] }) {
  const close = useClinicAction(useCloseProviderAccount(), CLOSE_ACCOUNT_TEXTS);
  return (
    <>
      {clinic.providerAccountId ? (
        <Button variant="outline" size="sm" onClick={() => close.open(clinic)}>
          {ADMIN_MESSAGES.closeAccountButton}
        </Button>
      ) : null}
      <ClinicActionDialog action={close} />
    </>
  );
}
