/**
 * Chooses the gateway from configuration (design.md): Stripe when its keys are set, otherwise the
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
 * The gateway configuration asks for. The sandbox's signing secret is read (or made) in the database
 * first when SANDBOX_WEBHOOK_SECRET is unset, so the database must be migrated. Throws if it fails.
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
  return createSandboxGateway({
    db,
    publicUrl: config.publicUrl,
    publicUrlConfigured: config.publicUrlConfigured,
    webhookSecret: await sandboxWebhookSecret(db, settings.webhookSecret),
    transport: sandboxTransport,
    jobs,
  });
}

export function isSandbox(gateway: CardGateway): gateway is SandboxGateway {
  return gateway.kind === 'sandbox';
}
