/**
 * POST /api/webhooks/stripe (payments and refunds) and /api/webhooks/stripe-connect (connected
 * accounts), each verified with its own signing secret on the raw body. A bad or stale signature
 * answers 400 and stores nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type WebhookEndpoint, WebhookSignatureError } from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { processWebhookEvent } from './service.js';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

export async function webhookRoutes(app: FastifyInstance) {
  // The signature covers the exact bytes sent, so this scope keeps JSON bodies raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const receive = (endpoint: WebhookEndpoint) => async (request: FastifyRequest, reply: FastifyReply) => {
    const rawBody = request.body;
    if (!Buffer.isBuffer(rawBody)) throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
    let event: Awaited<ReturnType<typeof app.gateway.verifyWebhookEvent>>;
    try {
      const signature = request.headers['stripe-signature'];
      event = await app.gateway.verifyWebhookEvent({
        rawBody,
        signature: Array.isArray(signature) ? signature[0] : signature,
        endpoint,
      });
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ err: error, endpoint }, 'webhook signature refused');
        throw new AppError('BAD_REQUEST', INVALID_SIGNATURE_MESSAGE);
      }
      throw error;
    }
    const result = await processWebhookEvent(
      {
        db: app.database.db,
        gateway: app.gateway,
        jobs: app.jobs,
        publicUrl: app.config.publicUrl,
        log: { info: (details, message) => request.log.info(details, message) },
      },
      endpoint,
      event,
    );
    if (result.outcome === 'deliver_again_later') {
      request.log.warn({ type: event.type, id: event.id, reason: result.reason }, 'webhook event deferred');
      throw new AppError('SERVICE_UNAVAILABLE', result.reason);
    }
    if (result.outcome === 'unhandled')
      request.log.info({ type: event.type, id: event.id }, 'webhook event type not handled');
    if (result.outcome === 'other_mode')
      request.log.warn(
        { type: event.type, id: event.id, livemode: event.livemode },
        'webhook event from the other mode than the key ignored',
      );
    return reply.send({ received: true });
  };

  const options = { config: { rateLimit: false as const }, schema: { hide: true } };
  app.post('/webhooks/stripe', options, receive('platform'));
  app.post('/webhooks/stripe-connect', options, receive('connect'));
}
