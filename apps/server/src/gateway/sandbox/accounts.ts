/**
 * The sandbox's connected accounts, run through the states Stripe test mode takes an Express account
 * through (docs.stripe.com/connect/handling-api-verification, /connect/testing#identity-and-address-verification):
 * created with the onboarding fields currently due; onboarding submitted, then verifying
 * (requirements.pending_verification, capabilities pending) for a few seconds; then active, with a
 * capability.updated for each capability and an account.updated at each step. Sandbox controls put an
 * account into "action needed" (more information due by a deadline, payments still on) or restrict it
 * (past due, payments paused), as Stripe's own risk and verification checks can.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { sandboxAccounts } from '../../db/schema/index.js';
import { defineJob, type JobQueue } from '../../jobs/index.js';
import { GatewayError, noSuchResource } from '../gateway.js';
import type { SandboxEvents } from './events.js';

export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;

/** What a new Express account in GB is asked for before it can take payments. */
export const ONBOARDING_FIELDS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** How long the sandbox takes by default to verify submitted details, as Stripe test mode takes a moment. */
export const SANDBOX_VERIFICATION_SECONDS = 5;

/** Finishes verifying an account whose onboarding was submitted: its capabilities become active. */
export const verifySandboxAccount = defineJob({
  name: 'sandbox.verify-account',
  schema: z.object({ accountId: z.string().min(1).max(100) }),
  retryLimit: 5,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
});

/** The account as Stripe's API and events show it (docs.stripe.com/api/accounts/object). */
export function accountObject(row: SandboxAccountRow) {
  return {
    id: row.id,
    object: 'account',
    country: 'GB',
    email: row.email,
    charges_enabled: row.chargesEnabled,
    details_submitted: row.detailsSubmitted,
    payouts_enabled: row.payoutsEnabled,
    capabilities: { card_payments: row.cardPaymentsCapability, transfers: row.transfersCapability },
    controller: {
      type: 'application',
      is_controller: true,
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
    },
    requirements: {
      current_deadline: row.currentDeadline ? Math.floor(row.currentDeadline.getTime() / 1000) : null,
      currently_due: row.currentlyDue,
      eventually_due: row.currentlyDue,
      past_due: row.pastDue,
      pending_verification:
        row.disabledReason === 'requirements.pending_verification' ? ['individual.dob.day'] : [],
      disabled_reason: row.disabledReason,
    },
    metadata: row.clinicId ? { clinic_id: row.clinicId } : {},
  };
}

/** The capability as Stripe's capability.updated shows it (docs.stripe.com/api/capabilities/object). */
function capabilityObject(row: SandboxAccountRow, capability: 'card_payments' | 'transfers') {
  return {
    id: capability,
    object: 'capability',
    account: row.id,
    requested: true,
    status: capability === 'card_payments' ? row.cardPaymentsCapability : row.transfersCapability,
  };
}

/** The states a sandbox control can put an account in. */
export type AccountControl = 'verify_now' | 'require_information' | 'restrict' | 'reject' | 'clear';

/** How many days the sandbox's "action needed" control gives the clinic. */
export const ACTION_NEEDED_DAYS = 14;

export function createSandboxAccounts(options: {
  db: Db;
  events: SandboxEvents;
  jobs: JobQueue;
  /** Seconds from submitted details to an active account (config SANDBOX_VERIFICATION_SECONDS). */
  verificationSeconds?: number;
}) {
  const { db, events, jobs } = options;
  const verificationSeconds = options.verificationSeconds ?? SANDBOX_VERIFICATION_SECONDS;

  async function lock(tx: Tx, accountId: string): Promise<SandboxAccountRow> {
    const [row] = await tx
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, accountId))
      .for('update');
    if (!row) throw noSuchResource('account', accountId);
    return row;
  }

  /**
   * Applies `changes` to the account and sends what Stripe would: capability.updated for each
   * capability whose status moved, then account.updated, all in the transaction.
   */
  async function change(tx: Tx, before: SandboxAccountRow, changes: Partial<SandboxAccountRow>) {
    if (Object.keys(changes).length === 0) {
      await events.emit('connect', 'account.updated', accountObject(before), before.id, tx);
      return before;
    }
    const [after] = await tx
      .update(sandboxAccounts)
      .set(changes)
      .where(eq(sandboxAccounts.id, before.id))
      .returning();
    if (!after) throw noSuchResource('account', before.id);
    if (after.cardPaymentsCapability !== before.cardPaymentsCapability)
      await events.emit(
        'connect',
        'capability.updated',
        capabilityObject(after, 'card_payments'),
        after.id,
        tx,
      );
    if (after.transfersCapability !== before.transfersCapability)
      await events.emit('connect', 'capability.updated', capabilityObject(after, 'transfers'), after.id, tx);
    await events.emit('connect', 'account.updated', accountObject(after), after.id, tx);
    return after;
  }

  const ACTIVE: Partial<SandboxAccountRow> = {
    chargesEnabled: true,
    payoutsEnabled: true,
    cardPaymentsCapability: 'active',
    transfersCapability: 'active',
    currentlyDue: [],
    pastDue: [],
    currentDeadline: null,
    disabledReason: null,
  };

  jobs.register(verifySandboxAccount, async ({ accountId }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.id, accountId))
        .for('update');
      // Deauthorized meanwhile, or moved on by a control: nothing left to verify.
      if (row?.disabledReason !== 'requirements.pending_verification') return;
      await change(tx, row, ACTIVE);
    });
    events.deliverSoon();
  });

  return {
    /**
     * The onboarding page's buttons: 'complete' submits the details (whatever was due is given) and
     * starts verification, which ends a few seconds later (verifySandboxAccount), or, for an account
     * that takes payments and was asked for more, simply clears what was due; 'later' leaves the
     * account as it was. Either way account.updated is sent, as Stripe sends one when the clinic leaves.
     */
    async finishOnboarding(accountId: string, outcome: 'complete' | 'later'): Promise<SandboxAccountRow> {
      const row = await db.transaction(async (tx) => {
        const before = await lock(tx, accountId);
        if (outcome === 'later' || before.disabledReason?.startsWith('rejected.'))
          return change(tx, before, {});
        // An enabled account giving what it was asked for stays enabled; nothing is left due.
        if (before.detailsSubmitted && before.chargesEnabled) return change(tx, before, ACTIVE);
        const verifying: Partial<SandboxAccountRow> = {
          detailsSubmitted: true,
          chargesEnabled: false,
          payoutsEnabled: false,
          cardPaymentsCapability: 'pending',
          transfersCapability: 'pending',
          currentlyDue: [],
          pastDue: [],
          currentDeadline: null,
          disabledReason: 'requirements.pending_verification',
        };
        const after = await change(tx, before, verifying);
        await jobs.send(
          verifySandboxAccount,
          { accountId },
          { tx, startAfter: new Date(Date.now() + verificationSeconds * 1000) },
        );
        return after;
      });
      events.deliverSoon();
      return row;
    },

    /**
     * The sandbox account page's controls: verify now (end verification at once), require more
     * information by a deadline (payments go on), restrict (past due: payments and payouts paused),
     * reject (closed for payments), or clear (active with nothing due).
     */
    async control(accountId: string, control: AccountControl, now = new Date()): Promise<SandboxAccountRow> {
      const row = await db.transaction(async (tx) => {
        const before = await lock(tx, accountId);
        switch (control) {
          case 'verify_now':
            if (before.disabledReason !== 'requirements.pending_verification')
              throw new GatewayError('This account is not being verified.', 'account_not_verifying');
            return change(tx, before, ACTIVE);
          case 'require_information':
            return change(tx, before, {
              ...ACTIVE,
              currentlyDue: ['individual.verification.additional_document'],
              currentDeadline: new Date(now.getTime() + ACTION_NEEDED_DAYS * 24 * 60 * 60 * 1000),
            });
          case 'restrict':
            return change(tx, before, {
              chargesEnabled: false,
              payoutsEnabled: false,
              cardPaymentsCapability: 'inactive',
              transfersCapability: 'inactive',
              currentlyDue: ['individual.verification.document'],
              pastDue: ['individual.verification.document'],
              currentDeadline: null,
              disabledReason: 'requirements.past_due',
            });
          case 'reject':
            return change(tx, before, {
              chargesEnabled: false,
              payoutsEnabled: false,
              cardPaymentsCapability: 'inactive',
              transfersCapability: 'inactive',
              currentlyDue: [],
              pastDue: [],
              currentDeadline: null,
              disabledReason: 'rejected.other',
            });
          case 'clear':
            return change(tx, before, { ...ACTIVE, detailsSubmitted: true });
        }
      });
      events.deliverSoon();
      return row;
    },
  };
}
