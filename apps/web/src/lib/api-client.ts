/**
 * The browser's one way to call the API. JSON in and out; a non-2xx answer becomes an ApiError that
 * carries the server's user message and field messages. When the server gives no answer of its own
 * (the network failed, a proxy answered, or an unexpected 5xx), the error carries the action's own
 * fallback text instead of "Failed to fetch" (docs/decisions/0102-fallback-error-texts.md).
 */
import { type ApiErrorBody, type ErrorCode, UNEXPECTED_ERROR_MESSAGE } from '@clinicpay/shared';
import { type $ZodType, parse } from 'zod/v4/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** What happened, typed: branch on this, not on the status (decision 0065). */
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The whole error body, for answers that carry more than a message. */
    readonly body: unknown = null,
    /** False when the server gave no answer of its own: the network failed or the error was unexpected. */
    readonly answered: boolean = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: $ZodType<T>;
  signal?: AbortSignal;
  /**
   * What to tell the user when the server gives no answer of its own, e.g. 'An unexpected error
   * occurred during sign in.' (docs/product.md#messages-accounts); 'An unexpected error occurred.' when
   * not given.
   */
  fallback?: string;
}

async function errorFrom(response: Response, fallback: string): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  const answered = typeof body?.message === 'string' && body.code !== 'INTERNAL';
  return new ApiError(
    response.status,
    body?.code ?? 'INTERNAL',
    answered && body?.message ? body.message : fallback,
    body?.fieldErrors ?? {},
    body,
    answered,
  );
}

/**
 * Sends a request to `path` under /api and resolves to the 2xx response. Throws ApiError on failure,
 * with status 0 and `answered: false` when the request never reached the server; rethrows an abort.
 */
export async function apiFetch(
  path: string,
  init: RequestInit & { fallback?: string } = {},
): Promise<Response> {
  const { fallback = UNEXPECTED_ERROR_MESSAGE, ...request } = init;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { credentials: 'same-origin', ...request });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', fallback, {}, null, false);
  }
  if (!response.ok) throw await errorFrom(response, fallback);
  return response;
}

/** Calls `path` under /api and parses the JSON answer with `schema`; fails as apiFetch does. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await apiFetch(path, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    fallback: options.fallback,
  });
  return parse(options.schema, await response.json());
}

/** True when `error` is the server's own refusal, false for a network failure or an unexpected error. */
export function serverAnswered(error: unknown): error is ApiError {
  return error instanceof ApiError && error.answered;
}
