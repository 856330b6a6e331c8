import { CHECKOUT_MESSAGES, PROVIDER_NAME, type PublicPaymentData } from '@clinicpay/shared';
import {
  CardElement,
  Elements,
  ExpressCheckoutElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type {
  ExpressPaymentType,
  Stripe,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
} from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { PaymentForm } from '../components/payment-form';
import { FormSkeleton } from '../components/skeletons';
import {
  type Billing,
  type Confirm,
  type ConfirmSetup,
  failureMessage,
  useCheckout,
} from '../lib/use-checkout';
import {
  confirmStripeCard,
  confirmStripeSetup,
  confirmStripeWallet,
  createWalletPaymentMethod,
} from './stripe-confirm';

/**
 * The wallet button (docs/product.md#payment-page): button type buy, dark theme, 48 px, asking for the
 * payer's name, email and phone; only device wallets. The country (GB) is the platform account's, which
 * Stripe reads from the key.
 */
export const EXPRESS_CHECKOUT_OPTIONS: StripeExpressCheckoutElementOptions = {
  buttonType: { applePay: 'buy', googlePay: 'buy' },
  buttonTheme: { applePay: 'black', googlePay: 'black' },
  buttonHeight: 48,
  emailRequired: true,
  phoneNumberRequired: true,
  paymentMethods: {
    applePay: 'auto',
    googlePay: 'auto',
    link: 'never',
    paypal: 'never',
    amazonPay: 'never',
    klarna: 'never',
  },
};

const WALLET_NAMES: Partial<Record<ExpressPaymentType, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

/**
 * The payment form with Stripe as the card provider: waits for Stripe.js ('Loading payment system...'),
 * or says it could not start; then the Elements card field (postal code hidden) and the Express Checkout
 * Element, in one Elements group priced at the page's amount in GBP (docs.stripe.com/js/elements_object/create_without_intent).
 */
export function StripeCheckout({
  page,
  stripe,
}: {
  page: PublicPaymentData;
  stripe: Promise<Stripe | null>;
}) {
  const [loaded, setLoaded] = useState<Stripe | null | 'loading'>('loading');

  useEffect(() => {
    let current = true;
    stripe
      .catch(() => null)
      .then((value) => {
        if (!current) return;
        if (!value) toast.error(CHECKOUT_MESSAGES.stripeInitFailed);
        setLoaded(value);
      });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (loaded === 'loading') return <FormSkeleton label={CHECKOUT_MESSAGES.paymentSystemLoading} />;
  if (!loaded) return <Alert tone="error">{CHECKOUT_MESSAGES.paymentSystemFailed}</Alert>;
  return (
    <Elements
      stripe={loaded}
      options={{ mode: 'payment', amount: page.amount, currency: 'gbp', paymentMethodCreation: 'manual' }}
    >
      <StripePaymentForm page={page} />
    </Elements>
  );
}

function StripePaymentForm({ page }: { page: PublicPaymentData }) {
  const stripe = useStripe();
  const elements = useElements();
  const checkout = useCheckout(page);
  const [cardComplete, setCardComplete] = useState(false);
  // The card's one message, at the field: what Elements says is wrong with it as typed ('Your card
  // number is invalid.'), else, once Pay was pressed with the card incomplete, that it is incomplete.
  const [cardError, setCardError] = useState<string | undefined>();
  const [cardTried, setCardTried] = useState(false);
  const cardMessage = cardError ?? (cardTried && !cardComplete ? CHECKOUT_MESSAGES.cardIncomplete : null);
  // Mounted but invisible until Stripe says whether the device has a wallet (an element that is not
  // displayed at all may never get ready); then shown, or taken out of the layout.
  const [wallet, setWallet] = useState<'checking' | 'available' | 'none'>('checking');
  const notInitialized = { status: 'failed', message: `${PROVIDER_NAME} has not been initialized` } as const;

  const confirmCard: Confirm = async (intent, billing) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return notInitialized;
    return confirmStripeCard(stripe, card, intent, billing);
  };
  const confirmSetup: ConfirmSetup = async (setup, billing) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return notInitialized;
    return confirmStripeSetup(stripe, card, setup, billing);
  };

  const payWithWallet = async (event: StripeExpressCheckoutElementConfirmEvent, typed: Billing) => {
    const walletName = WALLET_NAMES[event.expressPaymentType] ?? 'Wallet';
    if (!stripe || !elements) {
      event.paymentFailed();
      toast.error(failureMessage(notInitialized, walletName));
      return;
    }
    const paymentMethod = await createWalletPaymentMethod(stripe, elements);
    if ('message' in paymentMethod) {
      event.paymentFailed({ message: paymentMethod.message });
      toast.error(failureMessage(paymentMethod, walletName));
      return;
    }
    // The wallet's details first; what the patient typed where the wallet gives none.
    const billing = {
      name: event.billingDetails?.name || typed.name,
      email: event.billingDetails?.email || typed.email,
      phone: event.billingDetails?.phone || typed.phone,
    };
    // The wallet sheet is told of a failure; the form's alert says it too.
    let sheetTold = false;
    const paid = await checkout.pay(
      billing,
      async (intent) => {
        const outcome = await confirmStripeWallet(stripe, intent, paymentMethod.paymentMethodId);
        if (outcome.status === 'failed') {
          sheetTold = true;
          event.paymentFailed({ message: outcome.message });
        }
        return outcome;
      },
      walletName,
    );
    if (!paid && !sheetTold) event.paymentFailed();
  };

  return (
    <PaymentForm
      page={page}
      checkout={checkout}
      walletButton={(typedBilling) => (
        <div
          hidden={wallet === 'none'}
          style={{ visibility: wallet === 'available' ? 'visible' : 'hidden' }}
          data-testid="wallet-button"
        >
          <ExpressCheckoutElement
            options={EXPRESS_CHECKOUT_OPTIONS}
            onReady={(event) => setWallet(event.availablePaymentMethods ? 'available' : 'none')}
            onClick={(event) => event.resolve()}
            onConfirm={(event) => payWithWallet(event, typedBilling())}
          />
        </div>
      )}
      cardField={
        // Elements formats, checks and labels its own inputs; this names the field for sighted users too.
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">Card details</p>
          <div className="rounded-md border border-slate-300 px-3 py-3">
            <CardElement
              options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
              onChange={(event) => {
                setCardComplete(event.complete);
                setCardError(event.error?.message);
              }}
            />
          </div>
          <div aria-live="polite">
            {cardMessage ? <p className="text-sm text-red-700">{cardMessage}</p> : null}
          </div>
        </div>
      }
      onIncompleteCard={(focus) => {
        setCardTried(true);
        if (focus) elements?.getElement(CardElement)?.focus();
      }}
      confirmCard={cardComplete ? confirmCard : null}
      confirmSetup={cardComplete ? confirmSetup : null}
    />
  );
}
