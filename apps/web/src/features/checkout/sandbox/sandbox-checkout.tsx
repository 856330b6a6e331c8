import type { PublicPaymentData } from '@clinicpay/shared';
import { useRef, useState } from 'react';
import { PaymentForm } from '../components/payment-form';
import { type Billing, useCheckout } from '../lib/use-checkout';
import { confirmSandboxPayment } from './confirm-sandbox-payment';
import { confirmSandboxSetup } from './confirm-sandbox-setup';
import { type CardFieldHandle, type SandboxCard, SandboxCardField } from './sandbox-card-field';
import { SandboxWallet } from './sandbox-wallet';
import { SANDBOX_WALLET_NAME } from './wallet-name';

/** The payment form with the offline sandbox as the card provider (decision 0039). */
export function SandboxCheckout({ page }: { page: PublicPaymentData }) {
  const checkout = useCheckout(page);
  const [card, setCard] = useState<SandboxCard | null>(null);
  const cardField = useRef<CardFieldHandle>(null);

  const payWithWallet = (billing: Billing, walletCard: SandboxCard) =>
    checkout.pay(
      billing,
      (intent, _billing, returnUrl) => confirmSandboxPayment(intent, walletCard, returnUrl),
      SANDBOX_WALLET_NAME,
    );

  return (
    <PaymentForm
      page={page}
      checkout={checkout}
      walletButton={(typedBilling) => (
        <SandboxWallet page={page} typedBilling={typedBilling} onPay={payWithWallet} />
      )}
      cardField={<SandboxCardField ref={cardField} onChange={setCard} refusal={checkout.error} />}
      onIncompleteCard={(focus) => cardField.current?.revealErrors(focus)}
      confirmCard={
        card ? (intent, _billing, returnUrl) => confirmSandboxPayment(intent, card, returnUrl) : null
      }
      confirmSetup={card ? (setup, _billing, returnUrl) => confirmSandboxSetup(setup, card, returnUrl) : null}
    />
  );
}
