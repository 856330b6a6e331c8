/**
 * What an API failure tells the user: the server's own refusal when it gave one, and the action's
 * fallback text when it gave none (the network failed, a proxy answered, an unexpected 5xx).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, serverAnswered } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const FALLBACK = 'An unexpected error occurred during sign in.';
const schema = z.object({ ok: z.boolean() });

async function failureOf(answer: () => Promise<Response>, fallback: string | null = FALLBACK) {
  vi.stubGlobal('fetch', vi.fn(answer));
  const error = await apiRequest('/thing', { schema, fallback: fallback ?? undefined }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest failures', () => {
  it("gives the server's own message and field messages for a refusal", async () => {
    const error = await failureOf(async () =>
      json(400, { code: 'VALIDATION_FAILED', message: 'Please check', fieldErrors: { email: 'Bad' } }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please check',
      answered: true,
    });
    expect(error.fieldErrors).toEqual({ email: 'Bad' });
    expect(serverAnswered(error)).toBe(true);
  });

  it("gives the action's fallback, never 'Failed to fetch', when the network fails", async () => {
    const error = await failureOf(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(error).toMatchObject({ status: 0, message: FALLBACK, answered: false });
    expect(serverAnswered(error)).toBe(false);
  });

  it("gives the fallback for the server's unexpected error and for a proxy's HTML page", async () => {
    const unexpected = await failureOf(async () =>
      json(500, { code: 'INTERNAL', message: 'An unexpected error occurred.' }),
    );
    expect(unexpected).toMatchObject({ status: 500, message: FALLBACK, answered: false });
    const proxy = await failureOf(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(proxy).toMatchObject({ status: 502, code: 'INTERNAL', message: FALLBACK, answered: false });
  });

  it("says 'An unexpected error occurred.' when the action names no fallback", async () => {
    const error = await failureOf(async () => {
      throw new TypeError('Failed to fetch');
    }, null);
    expect(error.message).toBe('An unexpected error occurred.');
  });

  it('passes an abort through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const error = await apiRequest('/thing', { schema, signal: controller.signal }).catch((caught) => caught);
    expect(error).toBeInstanceOf(DOMException);
  });
});
