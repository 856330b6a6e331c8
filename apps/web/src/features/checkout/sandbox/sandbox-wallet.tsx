import type { PublicPaymentData } from '@clinicpay/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import type { Billing } from '../lib/use-checkout';
import type { SandboxCard } from './sandbox-card-field';
import { SANDBOX_WALLET_NAME } from './wallet-name';

const DEVICE_KEY = 'sandboxWalletDevice';

/** The sheet's dialog, downloaded when the patient first opens it (decision 0113). */
const WalletSheetDialog = lazy(() => import('./wallet-sheet'));

/**
 * The sandbox's stand-in for the Express Checkout Element (the wallet button of
 * docs/product.md#payment-page). A real device decides
 * whether a wallet is available; in the sandbox the patient (or a tester) says so with the switch, which
 * this browser tab remembers. The simulated wallet sheet hands back the payer's name, email and phone and
 * a test card, as Apple Pay or Google Pay hand back a payment method.
 */
export function SandboxWallet({
  page,
  typedBilling,
  onPay,
}: {
  page: PublicPaymentData;
  /** What the patient has typed on the form, standing in for the details a device wallet holds. */
  typedBilling: () => Billing;
  onPay: (billing: Billing, card: SandboxCard) => void;
}) {
  const id = useId();
  const [device, setDevice] = useState(() => sessionStorage.getItem(DEVICE_KEY) === 'on');
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing it still returns focus and plays out as before.
  const [sheetWanted, setSheetWanted] = useState(false);

  const toggleDevice = (on: boolean) => {
    sessionStorage.setItem(DEVICE_KEY, on ? 'on' : 'off');
    setDevice(on);
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed border-amber-300 p-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <label htmlFor={`${id}-device`} className="flex items-center gap-2">
          Simulate a device with a wallet <Badge tone="amber">Sandbox</Badge>
        </label>
        <Switch id={`${id}-device`} checked={device} onCheckedChange={toggleDevice} />
      </div>
      {device ? (
        <button
          type="button"
          onClick={() => {
            setSheetWanted(true);
            setSheetOpen(true);
          }}
          className="h-12 w-full rounded-md bg-black font-medium text-white hover:bg-slate-800"
        >
          Buy with {SANDBOX_WALLET_NAME}
        </button>
      ) : null}
      {sheetWanted ? (
        <Suspense fallback={null}>
          <WalletSheetDialog
            page={page}
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            typedBilling={typedBilling}
            onPay={onPay}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
