/**
 * Which of Fastify's own per-request log lines are written (decision 0074). "incoming request" and
 * "request completed", written synchronously for every request, were about a tenth of a request's
 * CPU under load, so they are written only with LOG_REQUESTS=true (config.logRequests). A request that
 * ends in an error is still logged by Fastify, and the error handler logs every failure (5xx at
 * error level, refusals at info), so nothing that needs looking at goes unlogged.
 */
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

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

/**
 * A request's logger that becomes pino's child logger the first time it is used or asked its level
 * (Fastify's childLoggerFactory: the child holds the request id, and a route's own logLevel). pino's
 * child() serialises its bindings as it is made, on every request, yet with the per-request lines off
 * most requests never log: a payment page load spent about 2 µs on it (docs/benchmarks.md, the twelfth
 * run). What a line holds is as before: the child is made with the same bindings and options.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The child, made at the first call. */
  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.logger.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

// The logging methods, on the prototype (not one closure each per request), each the child's own.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  LazyChildLogger.prototype[level] = function (this: LazyChildLogger, ...args: unknown[]) {
    (this.logger[level] as (...args: unknown[]) => void).apply(this.logger, args);
  } as LogFn;
}

/** Fastify's childLoggerFactory: each request's logger is a LazyChildLogger. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
