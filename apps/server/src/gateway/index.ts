/**
 * Chooses the gateway from configuration (decision 0037): Stripe when its keys are set, otherwise the
 * offline sandbox. Switching is configuration only.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/index.js';
import type { CardGateway } from './gateway.js';
import type { EventTransport } from './sandbox/events.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox/sandbox-gateway.js';
import { sandboxWebhookSecret } from './sandbox/webhook-secret.js';
import { createStripeGateway } from './stripe/stripe-gateway.js';

export type { CardGateway } from './gateway.js';
export { verifySandboxAccount } from './sandbox/accounts.js';
export { payOutSandboxAccounts, settleSandboxPayout } from './sandbox/balance.js';
export { insertIntentStatement, sandboxAccountStatement } from './sandbox/intent-statements.js';
export type { SandboxGateway } from './sandbox/sandbox-gateway.js';

export interface CreateGatewayOptions {
  config: Config;
  db: Db;
  /** The sandbox delivers its webhook events through this; set once the app can answer requests. */
  sandboxTransport: () => EventTransport | undefined;
  /** The job queue the sandbox delivers its webhook events with. */
  jobs: JobQueue;
}

/**
 * The gateway configuration asks for. Without SANDBOX_WEBHOOK_SECRET, the sandbox's signing secret is
 * read (or made) in the database now when it is migrated, and otherwise when first needed: a process
 * may start before another has applied the migrations, and answers /readyz 503 meanwhile.
 */
export async function createGateway({
  config,
  db,
  sandboxTransport,
  jobs,
}: CreateGatewayOptions): Promise<CardGateway> {
  const settings = config.gateway;
  if (settings.kind === 'stripe') {
    return createStripeGateway({
      secretKey: settings.secretKey,
      publishableKey: settings.publishableKey,
      webhookSecrets: { platform: settings.webhookSecret, connect: settings.connectWebhookSecret },
    });
  }
  const gateway = createSandboxGateway({
    db,
    publicUrl: config.publicUrl,
    publicUrlConfigured: config.publicUrlConfigured,
    webhookSecret: settings.webhookSecret ?? (() => sandboxWebhookSecret(db)),
    verificationSeconds: settings.verificationSeconds,
    transport: sandboxTransport,
    jobs,
  });
  // Read now when the database can answer; if it cannot yet (not migrated), the first use reads it.
  await gateway.signingSecret().catch(() => undefined);
  return gateway;
}

export function isSandbox(gateway: CardGateway): gateway is SandboxGateway {
  return gateway.kind === 'sandbox';
}
