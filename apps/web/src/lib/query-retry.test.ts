import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryUnlessRefused } from './query-retry';

const answered = (status: number) => new ApiError(status, 'NOT_FOUND', 'Not found.');
const noAnswer = new ApiError(0, 'SERVICE_UNAVAILABLE', 'An unexpected error occurred.', {}, null, false);

describe('retryUnlessRefused', () => {
  it('does not ask again after a refusal the server answered', () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422])
      expect(retryUnlessRefused(0, answered(status))).toBe(false);
  });

  it('asks again, three times in all, after no answer, a server error, a timeout or a rate limit', () => {
    for (const error of [
      noAnswer,
      answered(500),
      answered(503),
      answered(408),
      answered(429),
      new TypeError('x'),
    ]) {
      expect([0, 1, 2, 3].map((failures) => retryUnlessRefused(failures, error))).toEqual([
        true,
        true,
        true,
        false,
      ]);
    }
  });
});
