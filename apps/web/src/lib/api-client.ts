/**
 * The browser's one way to call the API. JSON in and out; a non-2xx answer becomes an ApiError that
 * carries the server's user message and field messages (style.md §4).
 */
import type { ApiErrorBody, ErrorCode } from '@clinicpay/shared';
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
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError(
    response.status,
    body?.code ?? 'INTERNAL',
    body?.message ?? 'An unexpected error occurred.',
    body?.fieldErrors ?? {},
    body,
  );
}

/** Calls `path` under /api and parses the answer with `schema`; throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  return parse(options.schema, await response.json());
}
