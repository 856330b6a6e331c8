/**
 * The contract with Stripe: what ClinicPay sends.
 *
 * A change to what ClinicPay sends to Stripe shows here in review; update the list
 * (contract.expected.json) only after checking the change against Stripe's API reference
 * (docs.stripe.com/api, each entry names its page).
 *
 * The real Stripe gateway (and registerPaymentMethodDomain) drives the real SDK against a local
 * stand-in for the Stripe API, calling once every gateway method that reaches Stripe. Each request is
 * recorded as the method, the path, the sorted parameter names as Stripe's form encoding flattens them
 * (values left out: they are the callers' business and the other tests'), the Idempotency-Key (the
 * gateway's own key, or the one stripe-node makes for a POST without one), the Stripe-Version and the
 * Stripe-Account headers; the recording must equal the reviewed list. That every parameter name is one
 * Stripe accepts on its endpoint is also checked by the compiler: the gateway passes stripe-node's own
 * typed params (AccountCreateParams, PaymentIntentCreateParams, ...), generated from Stripe's API
 * specification for PROVIDER_API_VERSION.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardGateway, PROVIDER_API_VERSION, REFUND_METADATA_KEY } from '../gateway.js';
import expected from './contract.expected.json' with { type: 'json' };
import { registerPaymentMethodDomain } from './payment-method-domains.js';
import { createStripeGateway } from './stripe-gateway.js';
import { type StandInRequest, type StripeStandIn, startStripeStandIn } from './stripe-stand-in.js';

interface ContractEntry {
  call: string;
  method: string;
  path: string;
  params: string[];
  idempotencyKey: string | null;
  stripeVersion: string | null;
  stripeAccount: string | null;
}

/** stripe-node keys every POST it is given no key for with 'stripe-node-retry-' and a random UUID. */
const SDK_KEY = /^stripe-node-retry-[0-9a-f-]{36}$/;

function header(request: StandInRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

function entry(call: string, request: StandInRequest): ContractEntry {
  const key = header(request, 'idempotency-key');
  return {
    call,
    method: request.method,
    path: request.path,
    params: [...new Set(request.params.keys())].sort(),
    idempotencyKey: key && SDK_KEY.test(key) ? 'stripe-node-retry-<uuid>' : key,
    stripeVersion: header(request, 'stripe-version'),
    stripeAccount: header(request, 'stripe-account'),
  };
}

describe('the contract with Stripe', () => {
  let standIn: StripeStandIn;
  let gateway: CardGateway;
  const recorded: ContractEntry[] = [];

  /** Runs one call and records every request it made under its name. */
  async function record(call: string, run: () => Promise<unknown>) {
    const before = standIn.requests.length;
    await run();
    recorded.push(...standIn.requests.slice(before).map((request) => entry(call, request)));
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    gateway = createStripeGateway({
      secretKey: 'sk_test_contract',
      publishableKey: 'pk_test_contract',
      webhookSecrets: { platform: 'whsec_contract_platform', connect: 'whsec_contract_connect' },
      api: standIn.api,
    });

    await record('createConnectedAccount', () =>
      gateway.createConnectedAccount({
        email: 'clinic@example.com',
        clinicId: 'clinic-contract',
        idempotencyKey: 'account:clinic-contract:1',
      }),
    );
    await record('retrieveConnectedAccount', () => gateway.retrieveConnectedAccount('acct_contract'));
    await record('hasAccountAccess', () => gateway.hasAccountAccess('acct_contract'));
    await record('createOnboardingLink onboarding', () =>
      gateway.createOnboardingLink({
        accountId: 'acct_contract',
        returnUrl: 'https://pay.example.com/return',
        refreshUrl: 'https://pay.example.com/refresh',
        purpose: 'onboarding',
      }),
    );
    await record('createOnboardingLink update', () =>
      gateway.createOnboardingLink({
        accountId: 'acct_contract',
        returnUrl: 'https://pay.example.com/return',
        refreshUrl: 'https://pay.example.com/refresh',
        purpose: 'update',
      }),
    );
    await record('closeConnectedAccount', () => gateway.closeConnectedAccount('acct_contract'));
    await record('createPaymentIntent', () =>
      gateway.createPaymentIntent({
        amount: 4500,
        applicationFeeAmount: 135,
        destinationAccountId: 'acct_contract',
        metadata: { payment_link_id: 'link-contract', clinic_id: 'clinic-contract' },
        statementDescriptorSuffix: 'SMITH DENTAL',
        idempotencyKey: 'payment-intent:attempt-contract',
      }),
    );
    await record('retrievePaymentIntent', () => gateway.retrievePaymentIntent('pi_contract'));
    await record('updatePaymentIntent', () =>
      gateway.updatePaymentIntent({
        paymentIntentId: 'pi_contract',
        amount: 5000,
        applicationFeeAmount: 150,
        metadata: { patient_name: 'Grace Patient' },
      }),
    );
    await record('cancelPaymentIntent', () => gateway.cancelPaymentIntent('pi_contract'));
    await record('createRefund', () =>
      gateway.createRefund({
        paymentIntentId: 'pi_contract',
        amount: 1000,
        idempotencyKey: 'refund:refund-contract',
        metadata: { [REFUND_METADATA_KEY]: 'refund-contract' },
      }),
    );
    await record('listRefunds', () => gateway.listRefunds('pi_contract'));
    await record('retrieveDispute', () => gateway.retrieveDispute('dp_contract'));
    await record('uploadDisputeEvidenceFile', () =>
      gateway.uploadDisputeEvidenceFile({
        content: Buffer.from('%PDF-1.4 contract'),
        filename: 'receipt.pdf',
        contentType: 'application/pdf',
      }),
    );
    await record('updateDispute', () =>
      gateway.updateDispute({
        disputeId: 'dp_contract',
        evidence: {
          customerName: 'Grace Patient',
          customerEmailAddress: 'grace@example.com',
          customerPurchaseIp: '203.0.113.7',
          productDescription: 'Dental check-up',
          serviceDate: '2026-11-02',
          uncategorizedText: 'The patient attended the appointment.',
          files: { receipt: 'file_receipt', customer_communication: 'file_emails' },
        },
        submit: true,
      }),
    );
    await record('reverseTransfer', () =>
      gateway.reverseTransfer({
        paymentIntentId: 'pi_contract',
        amount: 4365,
        idempotencyKey: 'dispute-reversal:dispute-contract',
        metadata: { clinicpay_dispute_id: 'dispute-contract' },
      }),
    );
    await record('createTransfer', () =>
      gateway.createTransfer({
        destinationAccountId: 'acct_contract',
        paymentIntentId: 'pi_contract',
        amount: 4365,
        idempotencyKey: 'dispute-reinstatement:dispute-contract',
        metadata: { clinicpay_dispute_id: 'dispute-contract' },
      }),
    );
    await record('retrieveEarlyFraudWarning', () => gateway.retrieveEarlyFraudWarning('issfr_contract'));
    await record('retrieveBalance', () => gateway.retrieveBalance('acct_contract'));
    await record('listPayouts', () => gateway.listPayouts('acct_contract', { limit: 50 }));
    await record('retrievePayout', () => gateway.retrievePayout('acct_contract', 'po_contract'));
    await record('listPayoutBalanceTransactions', () =>
      gateway.listPayoutBalanceTransactions('acct_contract', 'po_contract'),
    );
    await record('createLoginLink', () => gateway.createLoginLink('acct_contract'));
    await record('createCustomer', () =>
      gateway.createCustomer({
        email: 'grace@example.com',
        name: 'Grace Patient',
        metadata: { clinic_id: 'clinic-contract', patient_id: 'patient-contract' },
        idempotencyKey: 'customer:patient-contract',
      }),
    );
    await record('createPaymentIntent saving the card', () =>
      gateway.createPaymentIntent({
        amount: 2000,
        applicationFeeAmount: 60,
        destinationAccountId: 'acct_contract',
        metadata: { payment_link_id: 'link-contract' },
        statementDescriptorSuffix: null,
        idempotencyKey: 'payment-intent:attempt-saving',
        saveCardForCustomerId: 'cus_contract',
      }),
    );
    await record('createSetupIntent', () =>
      gateway.createSetupIntent({
        customerId: 'cus_contract',
        metadata: { clinic_id: 'clinic-contract' },
        idempotencyKey: 'setup-intent:attempt-contract',
      }),
    );
    await record('retrieveSetupIntent', () => gateway.retrieveSetupIntent('seti_contract'));
    await record('retrievePaymentMethod', () => gateway.retrievePaymentMethod('pm_contract'));
    await record('chargeSavedCard', () =>
      gateway.chargeSavedCard({
        amount: 4000,
        applicationFeeAmount: 120,
        destinationAccountId: 'acct_contract',
        customerId: 'cus_contract',
        paymentMethodId: 'pm_contract',
        metadata: { card_charge_id: 'charge-contract' },
        statementDescriptorSuffix: 'SMITH DENTAL',
        idempotencyKey: 'card-charge:charge-contract:1',
      }),
    );
    await record('detachPaymentMethod', () => gateway.detachPaymentMethod('pm_contract'));
    await record('registerPaymentMethodDomain', () =>
      registerPaymentMethodDomain({
        secretKey: 'sk_test_contract',
        domainName: 'pay.example.com',
        api: standIn.api,
      }),
    );
  });
  afterAll(() => standIn?.close());

  it('sends Stripe exactly the reviewed requests', () => {
    const reviewed = expected.requests.map(({ reference: _reference, ...request }) => request);
    expect(recorded).toEqual(reviewed);
  });

  it('names the API reference page of every reviewed request', () => {
    for (const request of expected.requests) {
      expect(request.reference).toMatch(/^https:\/\/docs\.stripe\.com\/api\//);
    }
  });

  it('sends every request in the pinned API version', () => {
    expect(recorded.map((request) => request.stripeVersion)).toEqual(
      recorded.map(() => PROVIDER_API_VERSION),
    );
  });
});
