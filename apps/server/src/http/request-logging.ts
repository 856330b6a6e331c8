/**
 * Which of Fastify's own per-request log lines are written (decision 0074). "incoming request" and
 * "request completed", written synchronously for every request, were about a tenth of a request's
 * CPU under load, so they are written only with LOG_REQUESTS=true (config.logRequests). A request that
 * ends in an error is still logged by Fastify, and the error handler logs every failure (5xx at
 * error level, refusals at info), so nothing that needs looking at goes unlogged.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Fastify's LogController, with the two per-request lines only when `logRequests` is true. */
export class RequestLogging extends LogController {
  constructor(private readonly logRequests: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.logRequests) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (this.logRequests || error) super.requestCompleted(error, request, reply, metadata);
  }
}
