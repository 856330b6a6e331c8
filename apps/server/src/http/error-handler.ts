/**
 * The one error handler (decisions 0004 and 0065). AppErrors and Fastify's own 4xx errors answer with their
 * status and a user message; anything else is logged with the request context and answered as a
 * masked 500, so no internal detail leaks and no request ends without a JSON body.
 */
import { type ApiErrorBody, type ErrorCode, UNEXPECTED_ERROR_MESSAGE } from '@clinicpay/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

const MESSAGE_BY_FASTIFY_CODE: Record<string, { code: ErrorCode; message: string; status?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  // A broken %-escape, or a path parameter longer than any id: the address names nothing, as a
  // malformed id does (ids.ts).
  FST_ERR_BAD_URL: { code: 'NOT_FOUND', message: 'Not found', status: 404 },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'NOT_FOUND', message: 'Not found', status: 404 },
};

function validationBody(error: FastifyError): ApiErrorBody {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
    fieldErrors[field] ??= issue.message ?? 'Invalid input';
  }
  const message = Object.values(fieldErrors)[0] ?? 'Invalid input';
  return { code: 'VALIDATION_FAILED', message, fieldErrors };
}

function toResponse(error: FastifyError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { code: error.code, message: error.message, fieldErrors: error.fieldErrors },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return { status: 400, body: validationBody(error) };
  }
  const known = error.code ? MESSAGE_BY_FASTIFY_CODE[error.code] : undefined;
  const status = error.statusCode ?? 500;
  if (known) return { status: known.status ?? status, body: { code: known.code, message: known.message } };
  if (status >= 400 && status < 500) {
    return { status, body: { code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message: error.message } };
  }
  return { status: 500, body: { code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE } };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toResponse(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: body.code, status }, body.message);
  }
  // Error bodies are serialised as they are, never through the route's response schema: a route that
  // declares a 403 of its own shape must still be able to answer the origin check's 403.
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}
